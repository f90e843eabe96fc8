import type { OrderSummary } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import type { SoldOption } from './shop-options';

/**
 * `GET /api/orders/:orderId` (docs/reference/commerce.md (Back from the payment page)): one of the user's orders
 * and what it gave, read from the order's snapshot of what was sold (a later price change does not change it) and,
 * for a paid card, the card's own row: when it runs, which a card bought while another runs pushes later. Another
 * user's order answers 404, as an unknown one does.
 */
export async function orderSummary(deps: AppDeps, userId: string, orderId: string): Promise<OrderSummary> {
  const { db } = deps.database;
  const order = await db
    .selectFrom('orders')
    .select(['id', 'option', 'status', 'amount_fen'])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw new AppError('NOT_FOUND', 'No such order');
  const option = JSON.parse(order.option) as SoldOption;
  const status = order.status === 'pending' || order.status === 'paid' ? order.status : 'closed';
  const base = { orderId: order.id, status, price: order.amount_fen / 100 } as const;
  if (option.ctype === 'credits') return { ...base, ctype: 'credits', credits: option.credits };
  const card =
    status === 'paid'
      ? await db
          .selectFrom('subscriptions')
          .select(['starts_at', 'ends_at'])
          .where('order_id', '=', order.id)
          .executeTakeFirst()
      : undefined;
  return {
    ...base,
    ctype: 'subscription',
    credits: option.bonusCredits,
    period: option.period,
    gpt4PerDay: option.gpt4PerDay,
    ...(card ? { startsAt: card.starts_at, endsAt: card.ends_at } : {}),
  };
}
