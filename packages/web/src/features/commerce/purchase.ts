import {
  CREDIT_UNITS,
  returnPathSchema,
  type CardPeriod,
  type PurchaseOption,
  type PurchaseOptions,
} from '@parley/shared';

/** The recharge dialog's tabs: subscription cards, credits top-up. */
export type RechargeTab = 'subscription' | 'credits';

/** The pack the credits tab starts on (docs/reference/commerce.md (The web's commerce screens)). */
export const DEFAULT_PACK_PRICE = 10;

/** Cards priced above this show the official-mirror offer. */
export const OFFICIAL_OFFER_ABOVE = 49;

/** How long each card lasts, in days: the valid-until date is today plus these. */
export const PERIOD_DAYS: Record<CardPeriod, number> = { '1d': 1, '7d': 7, '1m': 30, '1mPlus': 30 };

/** The tab the dialog opens on: the cards when there are any, else the packs. */
export function initialTab(options: PurchaseOptions): RechargeTab {
  return options.subscriptions.length > 0 ? 'subscription' : 'credits';
}

/** The option a tab starts on: the first card, or the pack priced 10 (else the first pack); null when empty. */
export function defaultOption(options: PurchaseOptions, tab: RechargeTab): PurchaseOption | null {
  if (tab === 'subscription') return options.subscriptions[0] ?? null;
  return options.credits.find((o) => o.price === DEFAULT_PACK_PRICE) ?? options.credits[0] ?? null;
}

/** Whether an option shows the official-mirror offer. */
export const showsOfficialOffer = (option: PurchaseOption): boolean => option.price > OFFICIAL_OFFER_ABOVE;

/** Today plus the card's days, as a date in the user's language (e.g. "Dec 1, 2026", "2026年12月1日"). */
export function validUntil(period: CardPeriod, locale: string, today: Date = new Date()): string {
  const end = new Date(today);
  end.setDate(end.getDate() + PERIOD_DAYS[period]);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(end);
}

/** A price in yuan: whole prices bare (¥19), others with two decimals (¥3.80). */
export function formatPrice(yuan: number): string {
  return `¥${Number.isInteger(yuan) ? String(yuan) : yuan.toFixed(2)}`;
}

/** An amount of money in yuan, always two decimals (¥0.50): the invite stats. */
export const formatMoney = (yuan: number): string => `¥${yuan.toFixed(2)}`;

/** A number of credits as the cards and packs state it: at most two decimals, no trailing zeros (3.8, 22). */
export const formatCreditCount = (credits: number): string => String(Math.round(credits * 100) / 100);

/**
 * A cost in credits from units (100000 = 1 credit), in the reader's locale: two decimals, or two significant
 * digits when that would show 0.00 (0.0003, 0.000012), so a small call's cost does not read as free.
 */
export function formatCostCredits(units: number, locale = 'en-US'): string {
  const credits = units / CREDIT_UNITS;
  const small = credits !== 0 && Math.abs(credits) < 0.005;
  return new Intl.NumberFormat(
    locale,
    // No thousands separators, as every other credit amount is written (the balance: 1234.50).
    small
      ? { maximumSignificantDigits: 2, useGrouping: false }
      : { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false },
  ).format(credits);
}

/**
 * The page a payment comes back to: the conversation the dialog was opened on (`/c/<id>`), else none (the server's
 * `/c/new`). Only a path the charge schema takes: anything else (a query, an odd character) is left out, not sent.
 */
export function returnPathOf(pathname: string): string | undefined {
  return /^\/c\/[A-Za-z0-9_-]+$/.test(pathname) && returnPathSchema.safeParse(pathname).success
    ? pathname
    : undefined;
}

/** The charge payload for an option: what the server matches against its own list, and where to come back to. */
export function chargeRequestOf(option: PurchaseOption, returnTo?: string) {
  return {
    ...(returnTo ? { returnTo } : {}),
    ctype: option.ctype,
    price: option.price,
    amount: option.amount,
    ...(option.period ? { period: option.period } : {}),
    ...(option.access ? { access: option.access } : {}),
  };
}

/** The key of an option, to tell the chosen one among its tab's. */
export const optionKey = (option: PurchaseOption): string =>
  `${option.ctype}:${option.price}:${option.period ?? ''}`;
