import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/dialect-helpers';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { recordCashback } from '../cashback/record-cashback';
import { appendEntry, lockUserBalance, readBalance } from '../ledger/ledger.repository';
import type { PaidNotice } from '../payments/payment-provider';
import { addCard } from './cards';
import type { OrderRow } from './commerce.table';
import { UNITS_PER_CREDIT, type SoldOption } from './shop-options';

const refused = (message: string) => new AppError('VALIDATION', message);

/**
 * A payment confirmed by its provider (docs/reference/commerce.md (Orders and payment)): in ONE transaction the
 * order becomes paid, the pack is credited or the card activated, and the cash-back recorded. The notice must name
 * an order of this provider with its exact amount and currency, else nothing changes (400). A notice for an order
 * already paid changes nothing and is answered as handled: providers repeat notices until they get their answer.
 * Answers whether this notice was the one that paid the order.
 */
export async function applyPaidNotice(deps: AppDeps, provider: string, notice: PaidNotice): Promise<boolean> {
  return withTransaction(deps.database.db, async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', notice.orderId)
      .executeTakeFirst();
    if (!order || order.provider !== provider) throw refused('The notice names no order of this provider');
    if (notice.currency !== order.currency) throw refused('The currency paid does not match the order');
    if (notice.amountFen !== order.amount_fen) throw refused('The amount paid does not match the order');
    // A closed order is paid too: it was closed because starting the payment seemed to fail or for its age, yet the
    // provider confirms it took the money. A paid or refunded one changes nothing.
    if (order.status !== 'pending' && order.status !== 'closed') return false;
    const paidAt = nowIso();
    // Conditional on its status: of two notices at once, one updates the row and the other finds it paid.
    const updated = await trx
      .updateTable('orders')
      .set({ status: 'paid', provider_trade_id: notice.tradeId, paid_at: paidAt, updated_at: paidAt })
      .where('id', '=', order.id)
      .where('status', 'in', ['pending', 'closed'])
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    // The order was pending a moment ago, so its `order:<id>` entry cannot exist; if it does, the books disagree with
    // the order and nothing of this notice is kept (the throw rolls the transaction back).
    if (!(await fulfilOrder(trx, order, paidAt))) throw new Error(`order ${order.id} was already fulfilled`);
    // Both inviters' shares, in this transaction: an order is never paid without its cash-back.
    await recordCashback(
      trx,
      { orderId: order.id, userId: order.user_id, amountFen: order.amount_fen, paidAt },
      deps.config.invites,
    );
    return true;
  });
}

/**
 * Credits the pack, or activates the card and adds its bonus; the ledger's `order:<id>` key makes it once. `reason`
 * replaces the ledger's "bought …" (an operator's grant names who and why).
 */
export async function fulfilOrder(trx: Db, order: OrderRow, now: string, reason?: string): Promise<boolean> {
  const option = JSON.parse(order.option) as SoldOption;
  const entry = {
    userId: order.user_id,
    kind: 'purchase' as const,
    refId: order.id,
    uniqueKey: `order:${order.id}`,
  };
  if (option.ctype === 'credits') {
    return appendEntry(trx, {
      ...entry,
      change: { credits: Math.round(option.credits * UNITS_PER_CREDIT) },
      reason: reason ?? `bought ${option.credits} credits`,
    });
  }
  // One activation at a time per user: two cards paid at the same moment would each find no card running, both
  // start now and both top the gpt-4 uses up (docs/decisions.md, "Card activations are serialised per user").
  await lockUserBalance(trx, order.user_id);
  const card = await addCard(trx, order.user_id, option, order.id, now);
  // A card that starts now gives today's gpt-4 uses at once; a waiting one gets them from the daily reset.
  const startsNow = card.starts_at <= now;
  const { gpt4Uses } = await readBalance(trx, order.user_id);
  return appendEntry(trx, {
    ...entry,
    change: {
      credits: Math.round(option.bonusCredits * UNITS_PER_CREDIT),
      gpt4Uses: startsNow ? Math.max(0, option.gpt4PerDay - gpt4Uses) : 0,
    },
    reason: reason ?? `bought the ${option.period} card`,
  });
}
