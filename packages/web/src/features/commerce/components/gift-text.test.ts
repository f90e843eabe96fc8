import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { giftText } from './invite-cash-out';

const t = ((key: string, o?: Record<string, unknown>) =>
  o ? `${key} ${JSON.stringify(o)}` : key) as unknown as TFunction;

describe('giftText', () => {
  it("names the gift's credits and free uses, and nothing when there is no gift", () => {
    expect(giftText({ credits: 1.5, gpt3Uses: 50, gpt4Uses: 10 }, t)).toBe(
      'com_invite_gift_credits {"credits":"1.5"}com_invite_gift_separator' +
        'com_invite_gift_gpt3 {"n":50}com_invite_gift_separator' +
        'com_invite_gift_gpt4 {"n":10}',
    );
    expect(giftText({ credits: 0.5, gpt3Uses: 0, gpt4Uses: 0 }, t)).toBe(
      'com_invite_gift_credits {"credits":"0.5"}',
    );
    expect(giftText({ credits: 0, gpt3Uses: 0, gpt4Uses: 0 }, t)).toBeNull();
  });
});
