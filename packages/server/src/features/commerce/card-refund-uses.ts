import type { Db } from '../../db/database';
import { lockBalance } from '../ledger/ledger.repository';
import { activeCard } from './cards';
import type { OrderRow, SubscriptionRow } from './commerce.table';

/**
 * The gpt-4 uses a refunded card takes back (docs/reference/commerce.md (Refunds)), for a card that was in force
 * when it was refunded: the uses it gave (its purchase's top-up and the daily resets since it started) that the
 * user still holds, and never below the daily count of a card in force after the refund (one that waited after it
 * and now starts). Found by replaying the user's gpt-4 entries since the card started: a call's hold spends the
 * card's uses first and its release gives back what the hold took from them, and whatever else took uses away (an
 * operator's adjustment) leaves the card's part no larger than what was held. Uses a gift gave stay. Call after the card has ended, in the
 * refund's transaction.
 */
export async function cardUsesToTakeBack(
  trx: Db,
  order: OrderRow,
  card: SubscriptionRow,
  now: string,
): Promise<number> {
  const held = (await lockBalance(trx, order.user_id, false))?.gpt4Uses ?? 0;
  if (held <= 0) return 0;
  const rows = await trx
    .selectFrom('ledger_entries')
    .select(['id', 'kind', 'unique_key', 'gpt4_uses'])
    .where('user_id', '=', order.user_id)
    .where('created_at', '>=', card.starts_at)
    .where('gpt4_uses', '!=', 0)
    .orderBy('created_at')
    .execute();
  const changes = rows.map((r) => ({ ...r, gpt4_uses: Number(r.gpt4_uses) }));
  let balance = held - changes.reduce((sum, r) => sum + r.gpt4_uses, 0);
  let cardPart = 0;
  // What each call's hold took from the card's part, which its release gives back.
  const heldFromCard = new Map<string, number>();
  for (const { id, kind, unique_key: key, gpt4_uses: change } of changes) {
    balance += change;
    if (key === `order:${order.id}` || (kind === 'daily' && key?.startsWith('card:'))) cardPart += change;
    else if (kind === 'hold') {
      const taken = Math.max(0, Math.min(cardPart, -change));
      heldFromCard.set(id, taken);
      cardPart -= taken;
    } else if (kind === 'settle' && key?.startsWith('settle:')) {
      cardPart += Math.min(change, heldFromCard.get(key.slice('settle:'.length)) ?? 0);
    }
    cardPart = Math.min(Math.max(0, cardPart), Math.max(0, balance));
  }
  const takingOver = (await activeCard(trx, order.user_id, now))?.gpt4_per_day ?? 0;
  const left = Math.max(held - cardPart, Math.min(held, takingOver));
  return held - left;
}
