import type { CardPeriod } from '@parley/shared';
import { envInt, type Env } from './env-reader';
import type { YamlConfig } from './yaml.schema';

/** A credits pack: `price` yuan buys `credits` credits. */
export interface PackSettings {
  price: number;
  credits: number;
}

/** A subscription card: `price` yuan for `days` days of unlimited gpt-3.5 and `gpt4PerDay` gpt-4 uses a day. */
export interface CardSettings {
  period: CardPeriod;
  price: number;
  /** Credits added when the card is activated. */
  bonusCredits: number;
  gpt4PerDay: number;
  days: number;
}

/** How often a user may start a payment (docs/reference/commerce.md (Orders and payment)). */
export interface ChargeLimits {
  /** CHARGE_USER_MAX: orders one user may make in a window. */
  userMax: number;
  /** CHARGE_USER_WINDOW, in minutes. */
  userWindowMinutes: number;
  /** CHARGE_PENDING_MAX: pending orders one user keeps; a new order beyond them closes the oldest. */
  pendingMax: number;
}

/** What is for sale (docs/reference/commerce.md (Purchase options)); the YAML's `shop` section over these. */
export interface ShopSettings {
  packs: PackSettings[];
  cards: CardSettings[];
  chargeLimits: ChargeLimits;
}

export const DEFAULT_SHOP: ShopSettings = Object.freeze({
  packs: [
    { price: 10, credits: 10 },
    { price: 20, credits: 22 },
    { price: 50, credits: 60 },
    { price: 100, credits: 130 },
  ],
  cards: [
    { period: '1d', price: 5, bonusCredits: 1, gpt4PerDay: 30, days: 1 },
    { period: '7d', price: 19, bonusCredits: 3.8, gpt4PerDay: 30, days: 7 },
    { period: '1m', price: 49, bonusCredits: 7.8, gpt4PerDay: 30, days: 30 },
    { period: '1mPlus', price: 99, bonusCredits: 15.8, gpt4PerDay: 100, days: 30 },
  ],
  chargeLimits: { userMax: 10, userWindowMinutes: 60, pendingMax: 5 },
} satisfies ShopSettings);

/**
 * `shop.packs` replaces the list of packs when given; `shop.cards` changes the named cards' fields (a card cannot
 * be added or removed: the web knows the four periods). The charge limits come from the environment.
 */
export function readShopSettings(yaml: YamlConfig | null, env: Env = {}): ShopSettings {
  const y = yaml?.shop;
  const d = DEFAULT_SHOP.chargeLimits;
  return {
    packs: (y?.packs ?? DEFAULT_SHOP.packs).map((p) => ({ ...p })),
    cards: DEFAULT_SHOP.cards.map((card) => ({ ...card, ...y?.cards?.[card.period] })),
    // Windows start at one minute, like every other limit's; a user may always keep one order pending.
    chargeLimits: {
      userMax: envInt(env, 'CHARGE_USER_MAX', d.userMax, { min: 1 }),
      userWindowMinutes: envInt(env, 'CHARGE_USER_WINDOW', d.userWindowMinutes, { min: 1 }),
      pendingMax: envInt(env, 'CHARGE_PENDING_MAX', d.pendingMax, { min: 1 }),
    },
  };
}
