import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { shopAround, wechatCase } from './payment-cases.test-helpers';
import { chargeAs, depsOf, notify, orderOf, pack10, paidOrder } from '../commerce/commerce.test-helpers';

describe.each(testDialects())('the WeChat Pay page on %s', (dialect) => {
  const provider = wechatCase();
  let test: TestApp;
  shopAround(dialect, provider, (t) => (test = t));
  const get = (url: string) => test.app.inject({ method: 'GET', url });

  it('shows the QR code of the code_url, and the status goes from pending to paid after a signed notice', async () => {
    const { token } = await newUser(test.app);
    const { body } = await chargeAs(test, token, pack10);
    const code = 'weixin://wxpay/bizpayurl?pr=abcdef1';
    expect((await orderOf(test, body.orderId)).payment_code).toBe(code);

    const page = await get(`/pay/wechat/${body.orderId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('¥10.00');
    expect(page.body).toContain('10 credits');
    expect(page.body).toContain('<span>Scan with WeChat to pay</span> / <span>请使用微信扫一扫支付</span>');
    // The page's SVG is the QR code of exactly the code_url (the same module, the same options).
    const svg = await QRCode.toString(code, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    expect(page.body).toContain(svg);
    expect(page.body).toContain(`/pay/status/${body.orderId}`);

    // The inline script runs under the policy: its nonce is the one the CSP names; nothing else is let in.
    const csp = String(page.headers['content-security-policy']);
    const nonce = /<script nonce="([^"]+)">/.exec(page.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // Another page's policy is untouched.
    const other = await get('/health');
    expect(String(other.headers['content-security-policy'])).not.toContain('nonce-');

    const status = async () => {
      const res = await get(`/pay/status/${body.orderId}`);
      expect(res.statusCode).toBe(200);
      return res.json<{ status: string }>();
    };
    expect(await status()).toEqual({ status: 'pending' });
    const notice = provider.paid(body.orderId, 1000, 'CNY');
    await notify(test, 'wechat', notice.body, notice.contentType, notice.headers);
    expect(await status()).toEqual({ status: 'paid' });

    const paid = await get(`/pay/wechat/${body.orderId}`);
    expect(paid.body).toContain('This order is paid. / 订单已支付。');
    expect(paid.body).not.toContain('<svg');
    expect(paid.body).not.toContain('<script');
  });

  it('goes back, once paid, to the page the order was made from, with the order named', async () => {
    const { token } = await newUser(test.app);
    const { body } = await chargeAs(test, token, { ...pack10, returnTo: '/c/conv-1' });
    const page = await get(`/pay/wechat/${body.orderId}`);
    const back = `${test.config.domainClient}/c/conv-1?paid=${body.orderId}`;
    // The script's next page (JSON in the script) and the Back link (HTML).
    expect(page.body).toContain(`next = ${JSON.stringify(back)}`);
    expect(page.body).toContain(`<a href="${back}">Back to Parley / 返回</a>`);
    const plain = await chargeAs(test, token, pack10);
    expect((await get(`/pay/wechat/${plain.body.orderId}`)).body).toContain(
      `next = ${JSON.stringify(`${test.config.domainClient}/c/new?paid=${plain.body.orderId}`)}`,
    );
  });

  it('answers 404 for unknown orders and for another provider’s order', async () => {
    expect((await get('/pay/status/0123456789abcdef0123456789abcdef')).statusCode).toBe(404);
    expect((await get('/pay/wechat/0123456789abcdef0123456789abcdef')).statusCode).toBe(404);
    const { user } = await newUser(test.app);
    const devOrder = await paidOrder(depsOf(test), user.id, pack10);
    expect((await get(`/pay/wechat/${devOrder}`)).statusCode).toBe(404);
    expect((await get(`/pay/status/${devOrder}`)).json()).toEqual({ status: 'paid' });
  });
});
