import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { alipayCase, shopAround, stripeCase, wechatCase, type Notice } from './payment-cases.test-helpers';
import { expectLedgerMatches } from '../balance/balance.test-helpers';
import { readBalance } from '../ledger/ledger.repository';
import { chargeAs, notify, orderOf, pack10 } from '../commerce/commerce.test-helpers';

// Each provider against a local stand-in of its API (payment-cases.test-helpers.ts), with keys made there and
// configured as the provider's (docs/reference/commerce.md (Orders and payment)).

describe.each(testDialects())('payment providers on %s', (dialect) => {
  describe.each([alipayCase, wechatCase, stripeCase].map((make) => [make().name, make] as const))(
    '%s',
    (_name, make) => {
      const provider = make();
      let test: TestApp;
      shopAround(dialect, provider, (t) => (test = t));
      const send = (n: Notice) => notify(test, provider.name, n.body, n.contentType, n.headers);

      it('creates the payment through the SDK and credits the pack once, however often the notice comes', async () => {
        const { token, user } = await newUser(test.app);
        const before = await readBalance(test.database.db, user.id);
        const { status, body } = await chargeAs(test, token, pack10);
        expect(status).toBe(201);
        expect((await orderOf(test, body.orderId)).provider).toBe(provider.name);
        await provider.checkCreate(body.orderId, body.paymentUrl);

        // The notice three times at once, then once more later: every one is answered as handled.
        const notice = provider.paid(body.orderId, 1000, 'CNY');
        const answers = await Promise.all([send(notice), send(notice), send(notice)]);
        answers.push(await send(notice));
        for (const res of answers) expect(res).toEqual(provider.handled);
        const after = await readBalance(test.database.db, user.id);
        expect(after.credits - before.credits).toBe(10 * 100_000);
        expect(await orderOf(test, body.orderId)).toMatchObject({ status: 'paid' });
        expect((await orderOf(test, body.orderId)).provider_trade_id).toBeTruthy();
        await expectLedgerMatches(test.database.db, user.id);
      });

      it('refuses a forged signature, a wrong amount and a wrong currency, and leaves the order pending', async () => {
        const { token, user } = await newUser(test.app);
        const before = await readBalance(test.database.db, user.id);
        const { body } = await chargeAs(test, token, pack10);
        const bad = [
          provider.forged(provider.paid(body.orderId, 1000, 'CNY')),
          provider.paid(body.orderId, 1, 'CNY'),
          provider.paid(body.orderId, 1000, 'USD'),
        ];
        for (const notice of bad) expect((await send(notice)).status).toBe(400);
        // Another provider's route does not take this provider's notice.
        const other = provider.name === 'stripe' ? 'alipay' : 'stripe';
        const good = provider.paid(body.orderId, 1000, 'CNY');
        expect((await notify(test, other, good.body, good.contentType, good.headers)).status).toBe(404);
        expect(await orderOf(test, body.orderId)).toMatchObject({
          status: 'pending',
          provider_trade_id: null,
        });
        expect(await readBalance(test.database.db, user.id)).toEqual(before);
        // The genuine notice still pays it afterwards.
        expect(await send(good)).toEqual(provider.handled);
        expect((await orderOf(test, body.orderId)).status).toBe('paid');
      });
    },
  );

  describe('Alipay on a phone', () => {
    const provider = alipayCase();
    let test: TestApp;
    shopAround(dialect, provider, (t) => (test = t));
    const IPHONE =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

    it('answers the mobile-website payment to a phone and the computer-website one otherwise', async () => {
      const { token } = await newUser(test.app);
      const phone = await chargeAs(test, token, pack10, { 'user-agent': IPHONE });
      expect(phone.status).toBe(201);
      const url = new URL(phone.body.paymentUrl);
      expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
      expect(JSON.parse(url.searchParams.get('biz_content') ?? '{}')).toMatchObject({
        out_trade_no: phone.body.orderId,
        total_amount: '10.00',
        product_code: 'QUICK_WAP_WAY',
        quit_url: `${test.config.domainClient}/c/new?paid=${phone.body.orderId}`,
      });
      // The stand-in answers 200 only when the link's signature verifies with the app's public key.
      expect((await fetch(phone.body.paymentUrl)).status).toBe(200);
      // Its notice pays it like any other.
      const notice = provider.paid(phone.body.orderId, 1000, 'CNY');
      expect(await notify(test, 'alipay', notice.body, notice.contentType, notice.headers)).toEqual(
        provider.handled,
      );
      expect((await orderOf(test, phone.body.orderId)).status).toBe('paid');

      const desktop = await chargeAs(test, token, pack10, { 'sec-ch-ua-mobile': '?0', 'user-agent': IPHONE });
      expect(new URL(desktop.body.paymentUrl).searchParams.get('method')).toBe('alipay.trade.page.pay');
    });

    it('sends the buyer back to the conversation they paid from, with the order named', async () => {
      const { token } = await newUser(test.app);
      const back = (id: string) => `${test.config.domainClient}/c/conv-1?paid=${id}`;
      const desktop = await chargeAs(test, token, { ...pack10, returnTo: '/c/conv-1' });
      expect(new URL(desktop.body.paymentUrl).searchParams.get('return_url')).toBe(
        back(desktop.body.orderId),
      );
      const phone = await chargeAs(
        test,
        token,
        { ...pack10, returnTo: '/c/conv-1' },
        { 'user-agent': IPHONE },
      );
      const url = new URL(phone.body.paymentUrl);
      expect(url.searchParams.get('return_url')).toBe(back(phone.body.orderId));
      expect(JSON.parse(url.searchParams.get('biz_content') ?? '{}').quit_url).toBe(back(phone.body.orderId));
      // The stand-in answers 200 only when the link's signature (which covers the return URL) verifies.
      expect((await fetch(phone.body.paymentUrl)).status).toBe(200);
    });
  });

  describe('WeChat Pay on a phone', () => {
    const ANDROID =
      'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    const IN_WECHAT = `${ANDROID} MicroMessenger/8.0.50`;
    const withH5 = wechatCase({ h5: true });
    const withoutH5 = wechatCase({ h5: false });
    let test: TestApp;
    let plain: TestApp;
    shopAround(dialect, withH5, (t) => (test = t));
    shopAround(dialect, withoutH5, (t) => (plain = t));

    it("answers WeChat's mobile-browser page to a phone, and the QR page inside WeChat or without H5", async () => {
      const { token } = await newUser(test.app);
      const phone = await chargeAs(test, token, pack10, { 'user-agent': ANDROID });
      expect(phone.status).toBe(201);
      expect(phone.body.paymentUrl).toBe(
        'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx01&package=42' +
          `&redirect_url=${encodeURIComponent(`${test.config.domainClient}/c/new?paid=${phone.body.orderId}`)}`,
      );
      const back = await chargeAs(
        test,
        token,
        { ...pack10, returnTo: '/c/conv-1' },
        { 'user-agent': ANDROID },
      );
      expect(new URL(back.body.paymentUrl).searchParams.get('redirect_url')).toBe(
        `${test.config.domainClient}/c/conv-1?paid=${back.body.orderId}`,
      );
      const h5Order = withH5.sent().find((r) => r.url === '/v3/pay/transactions/h5');
      expect(JSON.parse(h5Order!.body)).toMatchObject({
        out_trade_no: phone.body.orderId,
        amount: { total: 1000, currency: 'CNY' },
        scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
      });
      // Its notice pays it like any other.
      const notice = withH5.paid(phone.body.orderId, 1000, 'CNY');
      expect(await notify(test, 'wechat', notice.body, notice.contentType, notice.headers)).toEqual(
        withH5.handled,
      );
      expect((await orderOf(test, phone.body.orderId)).status).toBe('paid');

      // WeChat refuses H5 in its own browser: the QR page, from a Native order.
      const inWeChat = await chargeAs(test, token, pack10, { 'user-agent': IN_WECHAT });
      expect(inWeChat.body.paymentUrl).toBe(`http://localhost:3080/pay/wechat/${inWeChat.body.orderId}`);
      // A merchant without the H5 product: the refusal falls back to the QR page, and the order stays payable.
      const other = await newUser(plain.app);
      const fallback = await chargeAs(plain, other.token, pack10, { 'user-agent': ANDROID });
      expect(fallback.status).toBe(201);
      expect(fallback.body.paymentUrl).toBe(`http://localhost:3080/pay/wechat/${fallback.body.orderId}`);
      expect(await orderOf(plain, fallback.body.orderId)).toMatchObject({
        status: 'pending',
        payment_code: 'weixin://wxpay/bizpayurl?pr=abcdef1',
      });
    });
  });
});
