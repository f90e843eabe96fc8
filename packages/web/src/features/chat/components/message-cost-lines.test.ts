import type { MessageCost } from '@parley/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { costLines } from './message-info';

// The key and its options, so the test reads which text each case picks.
const t = ((key: string, o?: Record<string, unknown>) =>
  o ? `${key} ${JSON.stringify(o)}` : key) as unknown as TFunction;
const cost = (more: Partial<MessageCost>): MessageCost => ({
  model: 'gpt-4o',
  calls: 1,
  credits: 0,
  gpt3Uses: 0,
  gpt4Uses: 0,
  card: 0,
  ...more,
});

describe('costLines', () => {
  it('says which free uses, how many credits, a card, or nothing', () => {
    expect(costLines(cost({ gpt4Uses: 1 }), t, 'zh-CN')).toEqual(['com_ui_msg_cost_gpt4 {"n":1}']);
    expect(costLines(cost({ gpt3Uses: 2, calls: 2 }), t, 'zh-CN')).toEqual(['com_ui_msg_cost_gpt3 {"n":2}']);
    expect(costLines(cost({ credits: 20_000 }), t, 'zh-CN')).toEqual([
      'com_ui_msg_cost_credits {"credits":"0.20"}',
    ]);
    // A small cost keeps two significant digits, not 0.00.
    expect(costLines(cost({ credits: 30 }), t, 'en-US')).toEqual([
      'com_ui_msg_cost_credits {"credits":"0.0003"}',
    ]);
    expect(costLines(cost({ card: 1 }), t, 'zh-CN')).toEqual(['com_ui_msg_cost_card']);
    expect(costLines(cost({ calls: 0, model: null }), t, 'zh-CN')).toEqual(['com_ui_msg_cost_none']);
    expect(costLines(cost({}), t, 'zh-CN')).toEqual(['com_ui_msg_cost_free']);
    // A continued reply: a free use for its first call, credits for the second.
    expect(costLines(cost({ calls: 2, gpt4Uses: 1, credits: 20_000 }), t, 'zh-CN')).toEqual([
      'com_ui_msg_cost_gpt4 {"n":1}',
      'com_ui_msg_cost_credits {"credits":"0.20"}',
    ]);
  });
});
