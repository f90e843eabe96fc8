import type { Db } from '../../db/database';
import { lockBalance } from '../ledger/ledger.repository';
import { activeCard } from './cards';
import type { OrderRow, SubscriptionRow } from './commerce.table';

const sumOf = (value: number | string | null | undefined) => Number(value ?? 0);

/**
 * The gpt-4 uses a refunded card takes back (docs/reference/commerce.md (Operator command line)), for a card that
 * was in force when it was refunded. The card's part of what the user holds is what it gave (its purchase's top-up
 * and the daily resets since it started) less the calls made since, which are taken as spending the card's uses
 * first. That part is taken back, but the user keeps at least the daily count of a card in force after the refund
 * (one that waited after it and now starts). Uses a gift gave stay. Call after the card has ended, in the refund's
 * transaction.
 */
export async function cardUsesToTakeBack(
  trx: Db,
  order: OrderRow,
  card: SubscriptionRow,
  now: string,
): Promise<number> {
  const held = (await lockBalance(trx, order.user_id, false))?.gpt4Uses ?? 0;
  if (held <= 0) return 0;
  const since = entries(trx, order.user_id).where('created_at', '>=', card.starts_at);
  const purchase = await entries(trx, order.user_id)
    .where('unique_key', '=', `order:${order.id}`)
    .select('gpt4_uses')
    .executeTakeFirst();
  const resets = await since
    .where('kind', '=', 'daily')
    .where('unique_key', 'like', 'card:%')
    .select((eb) => eb.fn.sum<number | string | null>('gpt4_uses').as('given'))
    .executeTakeFirst();
  const calls = await since
    .where('kind', 'in', ['hold', 'settle'])
    .select((eb) => eb.fn.sum<number | string | null>('gpt4_uses').as('net'))
    .executeTakeFirst();
  const given = sumOf(purchase?.gpt4_uses) + sumOf(resets?.given);
  const spent = Math.max(0, -sumOf(calls?.net));
  const cardPart = Math.min(held, Math.max(0, given - spent));
  const takingOver = (await activeCard(trx, order.user_id, now))?.gpt4_per_day ?? 0;
  const left = Math.max(held - cardPart, Math.min(held, takingOver));
  return held - left;
}

const entries = (trx: Db, userId: string) => trx.selectFrom('ledger_entries').where('user_id', '=', userId);
