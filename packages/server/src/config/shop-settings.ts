import type { CardPeriod } from '@parley/shared';
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

/** What is for sale (docs/reference/commerce.md (Purchase options)); the YAML's `shop` section over these. */
export interface ShopSettings {
  packs: PackSettings[];
  cards: CardSettings[];
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
} satisfies ShopSettings);

/**
 * `shop.packs` replaces the list of packs when given; `shop.cards` changes the named cards' fields (a card cannot
 * be added or removed: the web knows the four periods).
 */
export function readShopSettings(yaml: YamlConfig | null): ShopSettings {
  const y = yaml?.shop;
  return {
    packs: (y?.packs ?? DEFAULT_SHOP.packs).map((p) => ({ ...p })),
    cards: DEFAULT_SHOP.cards.map((card) => ({ ...card, ...y?.cards?.[card.period] })),
  };
}
