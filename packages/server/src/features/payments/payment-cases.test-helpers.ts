import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PaymentSettings } from '../../config/payment-settings';
import type { TestApp } from '../../../test/app.test-helpers';
import type { DialectName } from '../../db/database';
import { standIn, startShop } from '../commerce/commerce.test-helpers';

// Each provider's stand-in API and signed notices, with keys made here and configured as the provider's
// (docs/reference/commerce.md (Orders and payment)); used by providers.test.ts and wechat-pay-page.test.ts.

const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const signRsa = (message: string, key: string) =>
  createSign('RSA-SHA256').update(message).sign(key, 'base64');
const verifyRsa = (message: string, signature: string, key: string) =>
  createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');

/** A notice as the provider would post it. */
export interface Notice {
  body: string;
  contentType: string;
  headers: Record<string, string>;
}

export interface ProviderCase {
  name: 'alipay' | 'wechat' | 'stripe';
  /** Starts the stand-in; answers the settings pointing at it. */
  setup(): Promise<PaymentSettings>;
  teardown(): Promise<void>;
  /** Checks what the provider's API was sent (or, for a link, where it leads) and the payment URL. */
  checkCreate(orderId: string, paymentUrl: string): Promise<void>;
  /** A signed paid notice for the order. */
  paid(orderId: string, amountFen: number, currency: string): Notice;
  /** The provider's answer to a handled notice. */
  handled: { status: number; body: string };
  /** The same notice with its signature broken. */
  forged(notice: Notice): Notice;
  /** What the provider's API was sent, oldest first (path and body). */
  sent(): { url: string; body: string }[];
}

type StandIn = Awaited<ReturnType<typeof standIn>>;

export function alipayCase(): ProviderCase {
  const app = rsa();
  const alipay = rsa();
  let server: StandIn;
  const appId = '2021000000000001';
  return {
    name: 'alipay',
    handled: { status: 200, body: 'success' },
    async setup() {
      // The payment page: the stand-in checks the link's signature with the app's public key.
      server = await standIn((req: IncomingMessage, _body: string, res: ServerResponse) => {
        const params = new URL(req.url ?? '', 'http://x').searchParams;
        const sign = params.get('sign') ?? '';
        const content = [...params.entries()]
          .filter(([k]) => k !== 'sign')
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, v]) => `${k}=${v}`)
          .join('&');
        res.writeHead(verifyRsa(content, sign, app.publicKey) ? 200 : 403).end();
      });
      return {
        provider: 'alipay',
        alipay: {
          appId,
          privateKey: app.privateKey,
          alipayPublicKey: alipay.publicKey,
          gateway: `${server.url}/gateway.do`,
        },
      };
    },
    teardown: () => server.close(),
    sent: () => server.requests,
    async checkCreate(orderId, paymentUrl) {
      const url = new URL(paymentUrl);
      expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/gateway.do`);
      expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
      expect(url.searchParams.get('app_id')).toBe(appId);
      expect(url.searchParams.get('sign_type')).toBe('RSA2');
      expect(url.searchParams.get('notify_url')).toBe('http://localhost:3080/api/pay/notify/alipay');
      expect(JSON.parse(url.searchParams.get('biz_content') ?? '{}')).toMatchObject({
        out_trade_no: orderId,
        total_amount: '10.00',
        product_code: 'FAST_INSTANT_TRADE_PAY',
      });
      expect((await fetch(paymentUrl)).status).toBe(200);
    },
    paid(orderId, amountFen, currency) {
      const fields: Record<string, string> = {
        app_id: appId,
        charset: 'utf-8',
        notify_id: randomBytes(8).toString('hex'),
        notify_time: '2031-01-01 10:00:00',
        notify_type: 'trade_status_sync',
        out_trade_no: orderId,
        sign_type: 'RSA2',
        // Alipay's notice has no currency: it is always yuan. A "wrong currency" is a foreign-currency field.
        ...(currency === 'CNY' ? {} : { trans_currency: currency, settle_currency: currency }),
        total_amount: (amountFen / 100).toFixed(2),
        trade_no: `2031${orderId.slice(0, 12)}`,
        trade_status: 'TRADE_SUCCESS',
        version: '1.0',
      };
      const content = Object.keys(fields)
        .sort()
        .map((k) => `${k}=${fields[k]}`)
        .join('&');
      const body = new URLSearchParams({ ...fields, sign: signRsa(content, alipay.privateKey) }).toString();
      return { body, contentType: 'application/x-www-form-urlencoded; charset=utf-8', headers: {} };
    },
    forged(notice) {
      const fields = new URLSearchParams(notice.body);
      fields.set('sign', signRsa('something else', alipay.privateKey));
      return { ...notice, body: fields.toString() };
    },
  };
}

/** `h5`: whether the merchant has WeChat Pay's mobile-browser (H5) product; without it the stand-in refuses H5 orders. */
export function wechatCase({ h5 = false }: { h5?: boolean } = {}): ProviderCase {
  const merchant = rsa();
  const platform = rsa();
  const apiV3Key = randomBytes(16).toString('hex');
  const platformSerial = 'PUB_KEY_ID_0000000000000001';
  const mchid = '1900000001';
  let server: StandIn;
  const signedHeaders = (body: string) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': platformSerial,
      'wechatpay-signature': signRsa(`${timestamp}\n${nonce}\n${body}\n`, platform.privateKey),
    };
  };
  return {
    name: 'wechat',
    handled: { status: 204, body: '' },
    async setup() {
      server = await standIn((req, body, res) => {
        // The request's signature, with the merchant's public key.
        const auth = req.headers.authorization ?? '';
        const part = (k: string) => new RegExp(`${k}="([^"]*)"`).exec(auth)?.[1] ?? '';
        const message = `${req.method}\n${req.url}\n${part('timestamp')}\n${part('nonce_str')}\n${body}\n`;
        const signed =
          auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
          part('mchid') === mchid &&
          part('serial_no') === 'MERCHANT-SERIAL-1' &&
          verifyRsa(message, part('signature'), merchant.publicKey);
        const [status, answer] = !signed
          ? [401, { code: 'SIGN_ERROR', message: 'bad signature' }]
          : req.url === '/v3/pay/transactions/native'
            ? [200, { code_url: 'weixin://wxpay/bizpayurl?pr=abcdef1' }]
            : req.url === '/v3/pay/transactions/h5' && h5
              ? [
                  200,
                  {
                    h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx01&package=42',
                  },
                ]
              : [403, { code: 'NO_AUTH', message: 'no such product for this merchant' }];
        const text = JSON.stringify(answer);
        res.writeHead(status, { 'content-type': 'application/json', ...signedHeaders(text) }).end(text);
      });
      return {
        provider: 'wechat',
        wechat: {
          mchid,
          appid: 'wx0000000000000001',
          serial: 'MERCHANT-SERIAL-1',
          privateKey: merchant.privateKey,
          platformSerial,
          platformPublicKey: platform.publicKey,
          apiV3Key,
          baseUrl: `${server.url}/`,
        },
      };
    },
    teardown: () => server.close(),
    sent: () => server.requests,
    async checkCreate(orderId, paymentUrl) {
      // The browser goes to Parley's QR page; the code_url is kept on the order for it.
      expect(paymentUrl).toBe(`http://localhost:3080/pay/wechat/${orderId}`);
      const sent = JSON.parse(server.requests.at(-1)!.body) as Record<string, unknown>;
      expect(sent).toMatchObject({
        appid: 'wx0000000000000001',
        mchid,
        out_trade_no: orderId,
        notify_url: 'http://localhost:3080/api/pay/notify/wechat',
        amount: { total: 1000, currency: 'CNY' },
      });
    },
    paid(orderId, amountFen, currency) {
      const transaction = JSON.stringify({
        mchid,
        appid: 'wx0000000000000001',
        out_trade_no: orderId,
        transaction_id: `4200${orderId.slice(0, 16)}`,
        trade_state: 'SUCCESS',
        amount: { total: amountFen, payer_total: amountFen, currency, payer_currency: currency },
      });
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
      cipher.setAAD(Buffer.from('transaction'));
      const ciphertext = Buffer.concat([cipher.update(transaction), cipher.final(), cipher.getAuthTag()]);
      const body = JSON.stringify({
        id: randomBytes(8).toString('hex'),
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: ciphertext.toString('base64'),
          associated_data: 'transaction',
          nonce,
        },
      });
      return { body, contentType: 'application/json', headers: signedHeaders(body) };
    },
    forged(notice) {
      return { ...notice, headers: { ...notice.headers, ...signedHeaders('another body') } };
    },
  };
}

export function stripeCase(): ProviderCase {
  const secret = 'whsec_test_local_secret';
  let server: StandIn;
  return {
    name: 'stripe',
    handled: { status: 200, body: '{"received":true}' },
    async setup() {
      server = await standIn((req, _body, res) => {
        const ok =
          req.headers.authorization === 'Bearer sk_test_local' && req.url === '/v1/checkout/sessions';
        res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end(
          JSON.stringify(
            ok
              ? {
                  id: 'cs_test_1',
                  object: 'checkout.session',
                  url: 'https://checkout.stripe.test/c/pay/cs_test_1',
                }
              : { error: { type: 'invalid_request_error', message: 'bad key' } },
          ),
        );
      });
      return {
        provider: 'stripe',
        stripe: {
          secretKey: 'sk_test_local',
          webhookSecret: secret,
          api: { protocol: 'http', host: '127.0.0.1', port: server.port },
        },
      };
    },
    teardown: () => server.close(),
    sent: () => server.requests,
    async checkCreate(orderId, paymentUrl) {
      expect(paymentUrl).toBe('https://checkout.stripe.test/c/pay/cs_test_1');
      const sent = new URLSearchParams(server.requests.at(-1)!.body);
      expect(sent.get('mode')).toBe('payment');
      expect(sent.get('client_reference_id')).toBe(orderId);
      expect(sent.get('metadata[orderId]')).toBe(orderId);
      expect(sent.get('line_items[0][price_data][currency]')).toBe('cny');
      expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('1000');
      // Back to the web with the order named, so the web can say what it gave.
      expect(sent.get('success_url')).toBe(`http://localhost:3080/c/new?paid=${orderId}`);
      expect(sent.get('cancel_url')).toBe(`http://localhost:3080/c/new?paid=${orderId}`);
    },
    paid(orderId, amountFen, currency) {
      const body = JSON.stringify({
        id: `evt_${randomBytes(6).toString('hex')}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: 'cs_test_1',
            object: 'checkout.session',
            payment_status: 'paid',
            amount_total: amountFen,
            currency: currency.toLowerCase(),
            client_reference_id: orderId,
            metadata: { orderId },
            payment_intent: `pi_${orderId.slice(0, 10)}`,
          },
        },
      });
      const header = new Stripe('sk_test_local').webhooks.generateTestHeaderString({ payload: body, secret });
      return { body, contentType: 'application/json', headers: { 'stripe-signature': header } };
    },
    forged(notice) {
      const header = new Stripe('sk_test_local').webhooks.generateTestHeaderString({
        payload: notice.body,
        secret: 'whsec_someone_else',
      });
      return { ...notice, headers: { 'stripe-signature': header } };
    },
  };
}

/**
 * Around the enclosing describe: the provider's stand-in and a shop app paying through it, started before its tests
 * (`use` receives the app) and closed after them.
 */
export function shopAround(dialect: DialectName, provider: ProviderCase, use: (test: TestApp) => void): void {
  let test: TestApp | undefined;
  beforeAll(async () => {
    test = await startShop(dialect, await provider.setup());
    use(test);
  });
  afterAll(async () => {
    await test?.close();
    await provider.teardown();
  });
}
