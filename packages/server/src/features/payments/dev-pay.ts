import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { applyPaidNotice } from '../commerce/order-paid';
import { subjectOf, type SoldOption } from '../commerce/shop-options';
import { escapeHtml } from '../../lib/escape-html';
import { returnUrlOf } from './payment-provider';

async function pendingOrder(deps: AppDeps, orderId: string) {
  const order = await deps.database.db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('provider', '=', 'dev')
    .executeTakeFirst();
  if (!order) throw new AppError('NOT_FOUND', 'No such order');
  return order;
}

/**
 * The dev payment page (docs/reference/commerce.md (Dev payments)): what the order is for and a Pay button. Plain
 * server-rendered HTML: it stands in for a provider's page, which is not part of Parley's web app either.
 */
export async function devPayPage(deps: AppDeps, orderId: string): Promise<string> {
  const order = await pendingOrder(deps, orderId);
  const subject = escapeHtml(subjectOf(JSON.parse(order.option) as SoldOption));
  const amount = (order.amount_fen / 100).toFixed(2);
  const action = `/pay/dev/${encodeURIComponent(order.id)}`;
  const body =
    order.status === 'pending'
      ? `<form method="post" action="${action}"><button type="submit">Pay ¥${amount} / 支付</button></form>`
      : `<p>This order is ${escapeHtml(order.status)}. / 订单已处理。</p><p><a href="${escapeHtml(
          returnUrlOf(deps.config.domainClient, order.id, order.return_path),
        )}">Back / 返回</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev payment</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#111}
button{font-size:1.1rem;padding:.6rem 1.4rem;border-radius:.5rem;border:0;background:#10a37f;color:#fff;cursor:pointer}
.note{color:#666;font-size:.9rem}</style></head>
<body><h1>Dev payment / 测试支付</h1><p>${subject}: ¥${amount}</p>${body}
<p class="note">No money moves: PAYMENT_PROVIDER=dev marks the order paid. / 测试模式，不会真实扣款。</p></body></html>`;
}

/**
 * The Pay button: the order paid as a provider's notice would pay it (a repeat changes nothing); answers where the
 * browser goes next, the order's return page, as a provider's return URL would send it.
 */
export async function payDevOrder(deps: AppDeps, orderId: string): Promise<string> {
  const order = await pendingOrder(deps, orderId);
  await applyPaidNotice(deps, 'dev', {
    orderId: order.id,
    tradeId: `dev-${order.id}`,
    amountFen: order.amount_fen,
    currency: order.currency,
  });
  return returnUrlOf(deps.config.domainClient, order.id, order.return_path);
}
