import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { nowIso } from '../../lib/clock';
import type { OrderRow } from './commerce.table';
import type { SoldOption } from './shop-options';

/** What a new order is: who buys what, for how much, through which provider. */
export interface NewOrder {
  userId: string;
  option: SoldOption;
  amountFen: number;
  provider: string;
  /** `paid` only for an order no provider confirms (an operator's grant); it is then paid as of now. */
  status: 'pending' | 'paid';
  /** Tests name their orders; otherwise a fresh id. */
  id?: string;
  /** The address the payer placed the order from, as the rate limits count it; none for a grant. */
  paymentIp?: string | null;
  /** The page of the web app the buyer comes back to (validated by the charge schema); none: `/c/new`. */
  returnPath?: string | null;
}

/**
 * A new order's id: 32 hex characters, within every provider's limit for the merchant's order number (WeChat Pay
 * takes 6 to 32).
 */
export const newOrderId = (): string => randomUUID().replace(/-/g, '');

/** The row a new order is written as (docs/reference/commerce.md (Orders and payment)); always in yuan (CNY). */
export function orderRow(order: NewOrder, now = nowIso()): OrderRow {
  return {
    id: order.id ?? newOrderId(),
    user_id: order.userId,
    option: JSON.stringify(order.option),
    amount_fen: order.amountFen,
    currency: 'CNY',
    provider: order.provider,
    status: order.status,
    provider_trade_id: null,
    created_at: now,
    updated_at: now,
    paid_at: order.status === 'paid' ? now : null,
    payment_code: null,
    payment_ip: order.paymentIp ?? null,
    return_path: order.returnPath ?? null,
  };
}

/** Writes a new order (in the caller's transaction when given one) and answers its row. */
export async function insertOrder(db: Db, order: NewOrder): Promise<OrderRow> {
  const row = orderRow(order);
  await db.insertInto('orders').values(row).execute();
  return row;
}

/**
 * Closes a user's oldest pending orders beyond the newest `keep`, the order `justMade` always among those kept; answers
 * how many it closed. Orders placed in the same millisecond (a double click, a fast client) share their time, and the
 * order the buyer is about to pay must not be the one closed, so it is kept by id rather than by its place in the
 * sort (the rest: newest by time, then id). Bookkeeping only: a provider's notice for a closed order still pays it
 * (order-paid.ts).
 */
export async function closePendingBeyond(
  db: Db,
  userId: string,
  keep: number,
  justMade: string,
): Promise<number> {
  const othersKept = db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('id', '!=', justMade)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(Math.max(0, keep - 1));
  const closed = await db
    .updateTable('orders')
    .set({ status: 'closed', updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('id', '!=', justMade)
    .where('id', 'not in', othersKept)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows);
}
