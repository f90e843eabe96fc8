import type { ChargeRequest, PurchaseOption, PurchaseOptions } from '@parley/shared';
import type { CardSettings, PackSettings, ShopSettings } from '../../config/shop-settings';

/** Credits are kept in units: 100000 = 1 credit (docs/reference/balance.md (The ledger)). */
export const UNITS_PER_CREDIT = 100_000;

/** Money and credits to two decimals, without binary-fraction noise (49 × 0.2 is 9.8, not 9.800000000000001). */
const cents = (n: number) => Math.round(n * 100) / 100;

/** Yuan to whole fen. */
export const toFen = (yuan: number) => Math.round(yuan * 100);

/** What an order sold, as its snapshot keeps it. */
export type SoldOption =
  | { ctype: 'credits'; price: number; credits: number }
  | {
      ctype: 'subscription';
      price: number;
      period: CardSettings['period'];
      bonusCredits: number;
      gpt4PerDay: number;
      days: number;
    };

function packOption(p: PackSettings): PurchaseOption {
  return {
    ctype: 'credits',
    price: p.price,
    amount: p.credits,
    value: p.credits,
    bonus: Math.round(((p.credits - p.price) / p.price) * 100),
  };
}

/** A card's `amount` is its price times 0.2, as the recharge dialog sends it. */
function cardOption(c: CardSettings): PurchaseOption {
  return {
    ctype: 'subscription',
    price: c.price,
    amount: cents(c.price * 0.2),
    value: c.bonusCredits,
    bonus: c.bonusCredits,
    period: c.period,
    access: { 'gpt-3': -1, 'gpt-4': c.gpt4PerDay },
  };
}

/** `GET /api/purchaseOptions`'s answer: the cards, then the packs, in the configured order. */
export function purchaseOptionsOf(shop: ShopSettings): PurchaseOptions {
  return { subscriptions: shop.cards.map(cardOption), credits: shop.packs.map(packOption) };
}

const same = (a: number, b: number) => Math.abs(a - b) < 0.005;

/**
 * The option a charge asks for: found by its type and price (and a card's period), and refused (undefined) when
 * any other field the client sent differs from what is for sale: a stale dialog or a forged price buys nothing.
 */
export function findSoldOption(shop: ShopSettings, request: ChargeRequest): SoldOption | undefined {
  if (request.ctype === 'credits') {
    if (request.period !== undefined || request.access !== undefined) return undefined;
    const pack = shop.packs.find((p) => same(p.price, request.price));
    if (!pack || !same(packOption(pack).amount, request.amount)) return undefined;
    return { ctype: 'credits', price: pack.price, credits: pack.credits };
  }
  const card = shop.cards.find((c) => c.period === request.period && same(c.price, request.price));
  if (!card) return undefined;
  const offered = cardOption(card);
  if (!same(offered.amount, request.amount)) return undefined;
  if (request.access !== undefined) {
    const keys = Object.keys(request.access).sort();
    const wanted = offered.access!;
    if (keys.join() !== Object.keys(wanted).sort().join()) return undefined;
    if (keys.some((k) => request.access![k] !== wanted[k])) return undefined;
  }
  return { ctype: 'subscription', ...card };
}

/** The line a payment page shows for the order. */
export function subjectOf(option: SoldOption): string {
  return option.ctype === 'credits' ? `Parley ${option.credits} credits` : `Parley ${option.period} card`;
}
