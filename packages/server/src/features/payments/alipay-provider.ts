import type { AlipaySettings } from '../../config/payment-settings';
import {
  InvalidNotice,
  type NotifyRequest,
  type PaidNotice,
  type PaymentOrder,
  type PaymentProvider,
  type ProviderUrls,
} from './payment-provider';

/** Trades Alipay reports as paid (TRADE_FINISHED: paid and no longer refundable). */
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** Yuan as Alipay writes it ("19.00") to whole fen. */
const fenOf = (yuan: string | undefined) =>
  yuan && /^\d+(\.\d{1,2})?$/.test(yuan) ? Math.round(Number(yuan) * 100) : NaN;

/**
 * Alipay through its official SDK (docs/reference/commerce.md (Alipay)): the computer-website payment page
 * (`alipay.trade.page.pay`), or on a phone the mobile-website one (`alipay.trade.wap.pay`), as a signed GET link,
 * and the asynchronous notify checked with Alipay's public key.
 */
export async function alipayProvider(settings: AlipaySettings, urls: ProviderUrls): Promise<PaymentProvider> {
  const { AlipaySdk } = await import('alipay-sdk');
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKey,
    alipayPublicKey: settings.alipayPublicKey,
    gateway: settings.gateway,
    signType: 'RSA2',
    keyType: settings.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
  });
  return {
    name: 'alipay',
    handled: { status: 200, contentType: 'text/plain', body: 'success' },
    async createPayment(order: PaymentOrder) {
      const total_amount = (order.amountFen / 100).toFixed(2);
      // On a phone, the mobile-website payment opens the Alipay app (or its mobile page); the computer-website
      // page is a QR code to scan with the phone the buyer is holding.
      const [method, product_code] = order.client?.mobile
        ? ['alipay.trade.wap.pay', 'QUICK_WAP_WAY']
        : ['alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY'];
      const paymentUrl = sdk.pageExecute(method, 'GET', {
        bizContent: {
          out_trade_no: order.id,
          product_code,
          total_amount,
          subject: order.subject,
          // Where the mobile page's "back" button leads when the buyer gives up.
          ...(order.client?.mobile ? { quit_url: order.returnUrl } : {}),
        },
        notifyUrl: urls.notifyUrl,
        returnUrl: order.returnUrl,
      });
      return { paymentUrl };
    },
    async readNotice(request: NotifyRequest): Promise<PaidNotice | null> {
      const fields = Object.fromEntries(new URLSearchParams(request.body));
      if (!sdk.checkNotifySignV2(fields)) throw new InvalidNotice('The Alipay signature does not verify');
      if (fields.app_id !== settings.appId) throw new InvalidNotice('The notice is for another Alipay app');
      if (!PAID.has(fields.trade_status ?? '')) return null;
      if (!fields.out_trade_no || !fields.trade_no) throw new InvalidNotice('The notice names no trade');
      return {
        orderId: fields.out_trade_no,
        tradeId: fields.trade_no,
        amountFen: fenOf(fields.total_amount),
        // total_amount is yuan, unless the trade was priced in a foreign currency (cross-border: trans_currency).
        currency: fields.trans_currency ?? 'CNY',
      };
    },
  };
}
