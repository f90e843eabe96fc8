import type { AppDeps } from '../../app-deps';
import { isoIn, nowIso } from '../../lib/clock';

/** How long an order may wait for its payment before the daily job closes it: past every provider's own timeout. */
export const PENDING_ORDER_HOURS = 24;

/**
 * Closes the orders still pending a day after they were made (docs/reference/commerce.md (Orders and payment)): the
 * payer left, or the provider never confirmed. Bookkeeping only: a genuine notice that arrives later still pays a
 * closed order, since the provider took the money. Answers how many orders it closed.
 */
export async function closeStaleOrders(deps: AppDeps): Promise<number> {
  const before = isoIn(-PENDING_ORDER_HOURS * 3600);
  const closed = await deps.database.db
    .updateTable('orders')
    .set({ status: 'closed', updated_at: nowIso() })
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows);
}
