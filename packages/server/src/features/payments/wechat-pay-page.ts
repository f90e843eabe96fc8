import type { PaymentStatus } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { subjectOf, type SoldOption } from '../commerce/shop-options';
import { escapeHtml } from '../../lib/escape-html';
import { returnUrlOf } from './payment-provider';

/** A value placed in the inline script: JSON, with `<` escaped so no `</script>` can end it. */
const scriptValue = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');

/** How often the page asks whether the order was paid. */
export const POLL_MS = 2000;

/**
 * `GET /pay/status/:orderId` (docs/reference/commerce.md (WeChat Pay)): the order's standing and nothing else. The
 * id is 128 random bits, which is why an unsigned page may ask; a refunded order reads `closed`.
 */
export async function paymentStatus(deps: AppDeps, orderId: string): Promise<PaymentStatus> {
  const order = await deps.database.db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw new AppError('NOT_FOUND', 'No such order');
  return { status: order.status === 'pending' || order.status === 'paid' ? order.status : 'closed' };
}

/**
 * The WeChat Pay page (docs/reference/commerce.md (WeChat Pay)): a Native order's `code_url` is a `weixin://` link
 * a desktop browser cannot open, so Parley draws it as a QR code (inline SVG, made here: no third party sees the
 * link) with the amount and what is bought, and polls the order's status until it is paid. The `qrcode` module is
 * loaded on the first page, as the provider's SDK is. `nonce` is the one inline script's CSP nonce.
 */
export async function wechatPayPage(deps: AppDeps, orderId: string, nonce: string): Promise<string> {
  const order = await deps.database.db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('provider', '=', 'wechat')
    .executeTakeFirst();
  if (!order) throw new AppError('NOT_FOUND', 'No such order');
  const subject = escapeHtml(subjectOf(JSON.parse(order.option) as SoldOption));
  const amount = (order.amount_fen / 100).toFixed(2);
  const back = returnUrlOf(deps.config.domainClient, order.id, order.return_path);
  let body: string;
  let script = '';
  if (order.status === 'pending' && order.payment_code) {
    const { toString } = await import('qrcode');
    const svg = await toString(order.payment_code, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    body = `<div class="qr" role="img" aria-label="WeChat Pay QR code / 微信支付二维码">${svg}</div>
<p class="scan"><span>Scan with WeChat to pay</span> / <span>请使用微信扫一扫支付</span></p>
<p class="note" id="state">Waiting for the payment… / 等待支付…</p>`;
    script = `<script nonce="${nonce}">(function () {
  var url = ${scriptValue(`/pay/status/${order.id}`)}, next = ${scriptValue(back)};
  function poll() {
    fetch(url, { cache: 'no-store' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (b) {
        if (b && b.status === 'paid') return location.assign(next);
        if (b && b.status === 'closed') return location.reload();
        setTimeout(poll, ${POLL_MS});
      })
      .catch(function () { setTimeout(poll, ${POLL_MS}); });
  }
  setTimeout(poll, ${POLL_MS});
})();</script>`;
  } else if (order.status === 'paid') {
    body = `<p class="done">This order is paid. / 订单已支付。</p>`;
  } else if (order.status === 'refunded') {
    body = `<p class="done">This order was refunded. / 订单已退款。</p>`;
  } else {
    body = `<p class="done">This order is closed: start a new one from Recharge. / 订单已关闭，请重新充值。</p>`;
  }
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>WeChat Pay / 微信支付</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#111;text-align:center}
h1{font-size:1.3rem;font-weight:600}.amount{font-size:2rem;font-weight:700;margin:.2rem 0}.subject{color:#444;margin:0}
.qr{width:15rem;height:15rem;margin:1.5rem auto;padding:.5rem;border:1px solid #ddd;border-radius:.75rem}
.qr svg{width:100%;height:100%;display:block}.scan{font-size:1.05rem;line-height:1.6}.scan span{display:inline-block}.done{font-size:1.1rem;margin:2rem 0}
.note{color:#666;font-size:.9rem}a{color:#07a05a}</style></head>
<body><h1>WeChat Pay / 微信支付</h1><p class="amount">¥${amount}</p><p class="subject">${subject}</p>${body}
<p class="note"><a href="${escapeHtml(back)}">Back to Parley / 返回</a></p>${script}</body></html>`;
}
