import {
  CREDIT_UNITS,
  fileLimitsFor,
  megabytes,
  formatStorageSize,
  type BalanceRules,
  type FileConfig,
  type StartupConfig,
} from '@parley/shared';

/** The help page's sections, in their order (docs/reference/home-and-help.md (Help)). */
export type HelpSectionId = 'credits' | 'cards' | 'invites' | 'keys' | 'files' | 'languages' | 'shortcuts';

/**
 * The sections this server's help page shows: credits always (saying the server does not charge when the balance is
 * off, rather than describing rules that do not apply), cards only where they are for sale, invites only where a
 * payment can earn cash-back.
 */
export function helpSections(config: Pick<StartupConfig, 'balanceRules' | 'shopEnabled'>): HelpSectionId[] {
  const sections: HelpSectionId[] = ['credits'];
  if (config.balanceRules && config.shopEnabled) sections.push('cards', 'invites');
  sections.push('keys', 'files', 'languages', 'shortcuts');
  return sections;
}

/** An amount of credits (given in units) as the help text states it: up to four decimals, in the reader's locale. */
export function creditsText(units: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(units / CREDIT_UNITS);
}

/** A number (a percentage, a count) in the reader's locale. */
export function numberText(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** The figures of the credit, card and invite texts, read from the server's own rules. */
export function balanceFigures(rules: BalanceRules, locale: string) {
  const credits = (units: number) => creditsText(units, locale);
  const n = (value: number) => numberText(value, locale);
  return {
    pricing: rules.pricing,
    gpt3Call: credits(rules.callCost['gpt-3']),
    gpt4Call: credits(rules.callCost['gpt-4']),
    gift: {
      gpt3: n(rules.registrationGift.gpt3Uses),
      gpt4: n(rules.registrationGift.gpt4Uses),
      credits: credits(rules.registrationGift.credits),
    },
    restore: {
      gpt3: n(rules.dailyRestore.gpt3Uses),
      gpt4: n(rules.dailyRestore.gpt4Uses),
      credits: credits(rules.dailyRestore.credits),
    },
    zone: rules.timeZone,
    percent: n(rules.invitePercent),
    second: n(rules.inviteSecondLevelPercent),
    inviteGift: credits(rules.inviteGift),
    hasInviteGift: rules.inviteGift > 0,
  };
}

/**
 * The upload limits the help text states: the default endpoint's (what a chat with any endpoint not configured
 * otherwise takes) and the user's storage (null: no quota).
 */
export function fileFigures(config: FileConfig) {
  const chat = fileLimitsFor(config, null);
  return {
    count: String(chat.fileLimit),
    size: megabytes(chat.fileSizeLimit),
    total: megabytes(chat.totalSizeLimit),
    disabled: chat.disabled,
    storage: config.userStorageLimit ? formatStorageSize(config.userStorageLimit) : null,
  };
}
