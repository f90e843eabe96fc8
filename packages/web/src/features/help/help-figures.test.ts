import { describe, expect, it } from 'vitest';
import { mergeFileConfig, type BalanceRules } from '@parley/shared';
import { balanceFigures, creditsText, fileFigures, helpSections } from './help-figures';

const RULES: BalanceRules = {
  pricing: 'call',
  callCost: { 'gpt-3': 1_000, 'gpt-4': 20_000 },
  registrationGift: { credits: 100_000, gpt3Uses: 50, gpt4Uses: 10 },
  dailyRestore: { credits: 10_000, gpt3Uses: 10, gpt4Uses: 3 },
  timeZone: 'Asia/Shanghai',
  invitePercent: 15,
  inviteSecondLevelPercent: 5,
  inviteGift: 50_000,
};

describe('help page figures', () => {
  it('shows credit rules only where the balance is on, cards and invites only where they are sold', () => {
    expect(helpSections({ balanceRules: null, shopEnabled: false })).toEqual([
      'credits',
      'keys',
      'files',
      'languages',
      'shortcuts',
    ]);
    expect(helpSections({ balanceRules: RULES, shopEnabled: false })).not.toContain('cards');
    expect(helpSections({ balanceRules: RULES, shopEnabled: true })).toEqual([
      'credits',
      'cards',
      'invites',
      'keys',
      'files',
      'languages',
      'shortcuts',
    ]);
  });

  it("states the server's amounts in credits, in the reader's number format", () => {
    const en = balanceFigures(RULES, 'en-US');
    expect(en).toMatchObject({
      gpt3Call: '0.01',
      gpt4Call: '0.2',
      gift: { gpt3: '50', gpt4: '10', credits: '1' },
      restore: { gpt3: '10', gpt4: '3', credits: '0.1' },
      percent: '15',
      second: '5',
      inviteGift: '0.5',
      hasInviteGift: true,
    });
    expect(balanceFigures({ ...RULES, invitePercent: 12.5 }, 'de-DE').percent).toBe('12,5');
    expect(balanceFigures({ ...RULES, inviteGift: 0 }, 'en-US').hasInviteGift).toBe(false);
    // A price under a hundredth of a credit is not rounded away.
    expect(creditsText(150, 'en-US')).toBe('0.0015');
    expect(creditsText(250_000_000, 'en-US')).toBe('2,500');
  });

  it('states the upload limits of an ordinary chat and the storage quota', () => {
    expect(fileFigures(mergeFileConfig(null))).toEqual({
      count: '10',
      size: '20',
      total: '25',
      disabled: false,
      storage: '1 GB',
    });
    const own = fileFigures(
      mergeFileConfig({ endpoints: { default: { fileLimit: 3, fileSizeLimit: 0.5 } }, userStorageLimit: 0 }),
    );
    expect(own).toMatchObject({ count: '3', size: '0.5', storage: null });
  });
});
