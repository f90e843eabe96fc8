import type { Db } from '../../db/database';
import { withTransaction } from '../../db/dialect-helpers';
import { nowIso } from '../../lib/clock';
import { reverseCashback } from '../cashback/reverse-cashback';
import { appendEntry, lockUserBalance } from '../ledger/ledger.repository';
import { cardUsesToTakeBack } from './card-refund-uses';
import type { OrderRow, SubscriptionRow } from './commerce.table';
import { UNITS_PER_CREDIT, type SoldOption } from './shop-options';

const later = (a: string, b: string) => (a > b ? a : b);

/** Why an order cannot be refunded. */
export class RefundRefused extends Error {}

export interface RefundRequest {
  orderId: string;
  reason: string;
  operator: string;
}

export interface RefundResult {
  order: OrderRow;
  /** Credits taken back, in units (a pack's credits, or a card's bonus). */
  creditsTaken: number;
  /** The card's end moved to now, when the order was a card. */
  cardEnded: boolean;
  /** The gpt-4 uses taken back: what the card in force gave and the user still held (card-refund-uses.ts). */
  gpt4UsesTaken: number;
  /** The cash-back rows reversed. */
  cashback: { userId: string; level: number; amountFen: number }[];
}

/**
 * Refunds a paid order in Parley's books (docs/reference/commerce.md (Operator command line); docs/decisions.md,
 * "Refunds take back what the order gave"). In ONE transaction: the order becomes `refunded` (only from `paid`, so
 * a second refund is refused), a pack's credits or a card's bonus are taken back by a `refund` ledger entry even
 * below zero (the user may have spent them), a card ends now and the cards waiting after it move earlier by the
 * time it no longer covers, and the inviters' cash-back from the order is reversed. The money itself is returned at
 * the provider, by the operator: Parley calls no provider here.
 */
export async function refundOrder(db: Db, request: RefundRequest): Promise<RefundResult> {
  return withTransaction(db, async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', request.orderId)
      .executeTakeFirst();
    if (!order) throw new RefundRefused(`no order ${request.orderId}`);
    if (order.status === 'refunded') throw new RefundRefused(`order ${order.id} is already refunded`);
    if (order.status !== 'paid') {
      throw new RefundRefused(
        `order ${order.id} is ${order.status}, not paid: only a paid order is refunded`,
      );
    }
    const now = nowIso();
    // Conditional on paid: of two refunds at once, one changes the row and the other is refused.
    const updated = await trx
      .updateTable('orders')
      .set({ status: 'refunded', updated_at: now })
      .where('id', '=', order.id)
      .where('status', '=', 'paid')
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw new RefundRefused(`order ${order.id} is already refunded`);

    const option = JSON.parse(order.option) as SoldOption;
    const ended = option.ctype === 'subscription' ? await endCard(trx, order, now) : null;
    const gpt4UsesTaken =
      ended && ended.starts_at <= now ? await cardUsesToTakeBack(trx, order, ended, now) : 0;
    const credits = option.ctype === 'credits' ? option.credits : option.bonusCredits;
    const creditsTaken = Math.round(credits * UNITS_PER_CREDIT);
    if (creditsTaken > 0 || gpt4UsesTaken > 0) {
      await appendEntry(trx, {
        userId: order.user_id,
        kind: 'refund',
        // Written as 0, not -0, where nothing is taken.
        change: { credits: 0 - creditsTaken || 0, gpt4Uses: 0 - gpt4UsesTaken || 0 },
        reason: `refunded order ${order.id} by ${request.operator}: ${request.reason}`,
        refId: order.id,
        uniqueKey: `refund:${order.id}`,
      });
    }
    const cashback = await reverseCashback(trx, { ...request, now });
    return {
      order: { ...order, status: 'refunded', updated_at: now },
      creditsTaken,
      cardEnded: ended !== null,
      gpt4UsesTaken,
      cashback,
    };
  });
}

/**
 * Ends the order's card now (a card still waiting ends before it starts), and moves every card that waits after it
 * earlier by the time it no longer covers, so no gap opens where nothing is in force. Answers the card as it was,
 * or null when it had already ended.
 */
async function endCard(trx: Db, order: OrderRow, now: string): Promise<SubscriptionRow | null> {
  // The user's cards move: not while a payment activates another (order-paid.ts).
  await lockUserBalance(trx, order.user_id);
  const card = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  if (!card || card.ends_at <= now) return null;
  const endsAt = later(card.starts_at, now);
  const freedMs = Date.parse(card.ends_at) - Date.parse(endsAt);
  await trx.updateTable('subscriptions').set({ ends_at: endsAt }).where('id', '=', card.id).execute();
  const after = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', order.user_id)
    .where('id', '!=', card.id)
    .where('starts_at', '>=', card.ends_at)
    .execute();
  const earlier = (iso: string) => new Date(Date.parse(iso) - freedMs).toISOString();
  for (const row of after) {
    await trx
      .updateTable('subscriptions')
      .set({ starts_at: earlier(row.starts_at), ends_at: earlier(row.ends_at) })
      .where('id', '=', row.id)
      .execute();
  }
  return card;
}
