import type { WechatPaySettings } from '../../config/payment-settings';
import {
  header,
  InvalidNotice,
  type NotifyRequest,
  type PaidNotice,
  type PaymentOrder,
  type PaymentProvider,
  type ProviderUrls,
} from './payment-provider';

/** A notice older or newer than this is refused: a captured one cannot be replayed much later. */
const MAX_SKEW_SECONDS = 300;

interface NoticeBody {
  event_type?: string;
  resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string };
}

interface Transaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; currency?: string };
}

/** The calls made, as the SDK's chained client spells them (its typings leave each link optional). */
interface TransactionsClient {
  v3: {
    pay: {
      transactions: {
        native: { post(body: object): Promise<{ data: { code_url?: string } }> };
        h5: { post(body: object): Promise<{ data: { h5_url?: string } }> };
      };
    };
  };
}

/**
 * WeChat Pay API v3 through its official organisation's Node SDK (docs/reference/commerce.md (WeChat Pay)): a
 * Native order, whose `code_url` (a `weixin://` link) Parley's page /pay/wechat/<order> shows as a QR code, or on a
 * phone's browser an H5 order, whose `h5_url` opens the WeChat app,
 * and the notify checked with the platform public key and decrypted with the APIv3 key.
 */
export async function wechatProvider(
  settings: WechatPaySettings,
  urls: ProviderUrls,
): Promise<PaymentProvider> {
  const { Wechatpay, Rsa, Aes } = await import('wechatpay-axios-plugin');
  const platformKey = Rsa.from(settings.platformPublicKey, Rsa.KEY_TYPE_PUBLIC);
  const client = new Wechatpay({
    mchid: settings.mchid,
    serial: settings.serial,
    privateKey: settings.privateKey,
    certs: { [settings.platformSerial]: platformKey },
    baseURL: settings.baseUrl,
  });
  return {
    name: 'wechat',
    handled: { status: 204 },
    async createPayment(order: PaymentOrder) {
      const transactions = (client as unknown as TransactionsClient).v3.pay.transactions;
      const trade = {
        appid: settings.appid,
        mchid: settings.mchid,
        description: order.subject,
        out_trade_no: order.id,
        notify_url: urls.notifyUrl,
        amount: { total: order.amountFen, currency: 'CNY' },
      };
      // A phone's browser pays on WeChat's mobile-browser (H5) page, which opens the WeChat app: a QR code on the
      // screen of the phone that would scan it is no use. WeChat refuses H5 inside its own browser, and a merchant
      // may not have the H5 product; both fall back to the QR page.
      const phone = order.client;
      if (phone?.mobile && !phone.wechat) {
        try {
          const { data } = await transactions.h5.post({
            ...trade,
            scene_info: { payer_client_ip: phone.ip, h5_info: { type: 'Wap' } },
          });
          if (data.h5_url) {
            const back = encodeURIComponent(order.returnUrl);
            return {
              paymentUrl: `${data.h5_url}${data.h5_url.includes('?') ? '&' : '?'}redirect_url=${back}`,
            };
          }
        } catch {
          // No H5 for this merchant (NO_AUTH) or the call failed: the QR page below still takes the payment.
        }
      }
      // The SDK checks the answer's signature with the platform key before giving it back.
      const { data } = await transactions.native.post(trade);
      if (!data.code_url) throw new Error('WeChat Pay answered no code_url');
      // A desktop browser cannot open `weixin://`: the browser goes to Parley's page, which draws it as a QR code.
      return { paymentUrl: urls.pageUrl(order.id), paymentCode: data.code_url };
    },
    async readNotice(request: NotifyRequest): Promise<PaidNotice | null> {
      const timestamp = header(request.headers, 'wechatpay-timestamp');
      const nonce = header(request.headers, 'wechatpay-nonce');
      const signature = header(request.headers, 'wechatpay-signature');
      const serial = header(request.headers, 'wechatpay-serial');
      if (!timestamp || !nonce || !signature || serial !== settings.platformSerial) {
        throw new InvalidNotice('The WeChat Pay notice is not signed with the platform key');
      }
      if (Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) {
        throw new InvalidNotice('The WeChat Pay notice is too old');
      }
      const message = `${timestamp}\n${nonce}\n${request.body}\n`;
      if (!Rsa.verify(message, signature, platformKey)) {
        throw new InvalidNotice('The WeChat Pay signature does not verify');
      }
      let body: NoticeBody;
      try {
        body = JSON.parse(request.body) as NoticeBody;
      } catch {
        throw new InvalidNotice('The WeChat Pay notice is not JSON');
      }
      if (body.event_type !== 'TRANSACTION.SUCCESS') return null;
      const r = body.resource;
      if (!r?.ciphertext || !r.nonce || r.algorithm !== 'AEAD_AES_256_GCM') {
        throw new InvalidNotice('The WeChat Pay notice has no resource');
      }
      let trade: Transaction;
      try {
        trade = JSON.parse(
          Aes.AesGcm.decrypt(r.ciphertext, settings.apiV3Key, r.nonce, r.associated_data ?? ''),
        ) as Transaction;
      } catch {
        throw new InvalidNotice('The WeChat Pay resource does not decrypt with the APIv3 key');
      }
      if (trade.mchid !== settings.mchid) throw new InvalidNotice('The notice is for another merchant');
      if (trade.trade_state !== 'SUCCESS') return null;
      if (!trade.out_trade_no || !trade.transaction_id) throw new InvalidNotice('The notice names no trade');
      return {
        orderId: trade.out_trade_no,
        tradeId: trade.transaction_id,
        amountFen: Number(trade.amount?.total),
        currency: trade.amount?.currency ?? '',
      };
    },
  };
}
