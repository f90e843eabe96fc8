import { withTransaction } from '../db/dialect-helpers';
import { nowIso } from '../lib/clock';
import { fulfilOrder } from '../features/commerce/order-paid';
import { orderRow } from '../features/commerce/orders.repository';
import { refundOrder, RefundRefused } from '../features/commerce/refund-order';
import { subjectOf, type SoldOption } from '../features/commerce/shop-options';
import { readBalance } from '../features/ledger/ledger.repository';
import { AdminRefusal, findUser, formatCredits, formatYuan, requireReason, UsageError } from './admin-input';
import { describeUser, limitOf, type AdminDeps, type AdminOutput, type Values } from './admin-command';

/**
 * A card given without payment: an order of 0 fen from provider `admin`, paid at once and fulfilled as a paid order
 * is (the same stacking, bonus credits and gpt-4 uses), its ledger entry naming the operator and the reason. No
 * cash-back: nothing was paid.
 */
export async function grantCard(
  deps: AdminDeps,
  values: Values,
  operator: string,
  output: AdminOutput,
): Promise<void> {
  const user = await findUser(deps.db, values.user);
  const card = deps.config.shop.cards.find((c) => c.period === values.period);
  if (!card) {
    const periods = deps.config.shop.cards.map((c) => c.period).join(', ');
    throw new UsageError(`--period must be one of ${periods}, got "${values.period ?? ''}"`);
  }
  const reason = requireReason(values.reason);
  const now = nowIso();
  const option: SoldOption = { ctype: 'subscription', ...card };
  const order = orderRow({ userId: user.id, option, amountFen: 0, provider: 'admin', status: 'paid' }, now);
  await withTransaction(deps.db, async (trx) => {
    await trx.insertInto('orders').values(order).execute();
    await fulfilOrder(trx, order, now, `granted the ${card.period} card by ${operator}: ${reason}`);
  });
  const holds = await deps.db
    .selectFrom('subscriptions')
    .select(['starts_at', 'ends_at'])
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  output.out(
    `Granted the ${card.period} card to ${describeUser(user)} (order ${order.id}), ` +
      `from ${holds.starts_at} to ${holds.ends_at}.`,
  );
}

export async function showOrders(deps: AdminDeps, values: Values, output: AdminOutput): Promise<void> {
  const user = await findUser(deps.db, values.user);
  const limit = limitOf(values);
  const rows = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  output.out(`${describeUser(user)}: newest ${rows.length} orders:`);
  for (const r of rows) {
    const subject = subjectOf(JSON.parse(r.option) as SoldOption);
    output.out(
      `${r.created_at}  ${r.id}  ${r.status.padEnd(8)}  ${r.provider.padEnd(6)}  ` +
        `${formatYuan(Number(r.amount_fen)).padStart(8)}  ${subject}`,
    );
  }
}

/**
 * Refunds a paid order in Parley's books (docs/reference/commerce.md (Operator command line)): what it gave is taken
 * back and its cash-back reversed. The money is returned by the operator at the provider, which this does not call.
 */
export async function refund(
  deps: AdminDeps,
  values: Values,
  operator: string,
  output: AdminOutput,
): Promise<void> {
  const orderId = values.order?.trim();
  if (!orderId) throw new UsageError('--order is required: the order id, as `orders --user <who>` lists it');
  const reason = requireReason(values.reason);
  let result;
  try {
    result = await refundOrder(deps.db, { orderId, reason, operator });
  } catch (error) {
    if (error instanceof RefundRefused) throw new AdminRefusal(error.message);
    throw error;
  }
  const { order } = result;
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'email', 'phone'])
    .where('id', '=', order.user_id)
    .executeTakeFirstOrThrow();
  const { credits } = await readBalance(deps.db, user.id);
  const subject = subjectOf(JSON.parse(order.option) as SoldOption);
  output.out(`Refunded order ${order.id} (${subject}) of ${describeUser(user)} by ${operator}: ${reason}`);
  if (result.cardEnded) output.out('  The card ended now; cards waiting after it moved earlier.');
  if (result.gpt4UsesTaken > 0)
    output.out(`  Took back ${result.gpt4UsesTaken} gpt-4 uses the card had given.`);
  output.out(
    `  Took back ${formatCredits(result.creditsTaken)} credits; balance now ${formatCredits(credits)} credits` +
      (credits < 0 ? ' (below zero: the user had spent them).' : '.'),
  );
  for (const c of result.cashback) {
    output.out(
      `  Reversed level ${c.level} cash-back of ${formatYuan(c.amountFen)} yuan (user ${c.userId}).`,
    );
  }
  output.out(
    Number(order.amount_fen) > 0 && order.provider !== 'dev'
      ? `  No money was moved: refund ${formatYuan(Number(order.amount_fen))} yuan to the payer in the ${order.provider} console.`
      : '  Nothing was paid through a provider for this order, so no money is to be returned.',
  );
}
