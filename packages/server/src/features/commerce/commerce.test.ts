import { pathOf } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import type { TestApp } from '../../../test/app.test-helpers';
import { buildTestApp } from '../../../test/app.test-helpers';
import { balanceOf } from './commerce-balance.test-helpers';
import { expectLedgerMatches } from '../balance/balance.test-helpers';
import { readBalance } from '../ledger/ledger.repository';
import { card1m, chargeAs, depsOf, orderOf, pack10, startShop } from './commerce.test-helpers';
import { closeStaleOrders } from './stale-orders';

// docs/reference/commerce.md
describe.each(testDialects())('the shop on %s', (dialect) => {
  describe('while off', () => {
    it('answers 404 for both calls without CHECK_BALANCE, and without a payment provider', async () => {
      for (const test of [
        await buildTestApp(dialect, { payment: { provider: 'dev' } as never }),
        await startShop(dialect, null),
      ]) {
        const { token } = await newUser(test.app);
        const options = await test.app.inject({
          method: 'GET',
          url: pathOf('getPurchaseOptions'),
          headers: { authorization: `Bearer ${token}` },
        });
        expect(options.statusCode).toBe(404);
        expect((await chargeAs(test, token, pack10)).status).toBe(404);
        expect(await test.database.db.selectFrom('orders').selectAll().execute()).toEqual([]);
        await test.close();
      }
    });
  });

  describe('with the dev provider', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await startShop(dialect, { provider: 'dev' });
    });
    afterAll(() => test.close());

    it('serves the cards and the packs', async () => {
      const { token } = await newUser(test.app);
      const res = await test.app.inject({
        method: 'GET',
        url: pathOf('getPurchaseOptions'),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      const card = (period: string, price: number, amount: number, bonus: number, gpt4: number) => ({
        ctype: 'subscription',
        price,
        amount,
        value: bonus,
        bonus,
        period,
        access: { 'gpt-3': -1, 'gpt-4': gpt4 },
      });
      const pack = (price: number, credits: number, bonus: number) => ({
        ctype: 'credits',
        price,
        amount: credits,
        value: credits,
        bonus,
      });
      expect(res.json()).toEqual({
        subscriptions: [
          card('1d', 5, 1, 1, 30),
          card('7d', 19, 3.8, 3.8, 30),
          card('1m', 49, 9.8, 7.8, 30),
          card('1mPlus', 99, 19.8, 15.8, 100),
        ],
        credits: [pack(10, 10, 0), pack(20, 22, 10), pack(50, 60, 20), pack(100, 130, 30)],
      });
    });

    it('refuses a charge that matches no option, and makes no order', async () => {
      const { token } = await newUser(test.app);
      const bad = [
        { ...pack10, price: 11, amount: 11 },
        { ...pack10, amount: 100 },
        { ...pack10, period: '1m' },
        { ...card1m, amount: 49 },
        { ...card1m, price: 19 },
        { ...card1m, access: { 'gpt-3': -1, 'gpt-4': 100 } },
        { ctype: 'subscription', price: 49, amount: 9.8 },
      ];
      for (const body of bad) {
        const res = await chargeAs(test, token, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.code).toBe('VALIDATION');
      }
      expect((await chargeAs(test, token, { ctype: 'credits', price: -1, amount: 1 })).status).toBe(400);
      expect(await test.database.db.selectFrom('orders').selectAll().execute()).toEqual([]);
    });

    it('makes a pending order of the user at the server price and answers its payment page', async () => {
      const { token, user } = await newUser(test.app);
      const res = await chargeAs(test, token, card1m);
      expect(res.status).toBe(201);
      expect(res.body.orderId).toMatch(/^[0-9a-f]{32}$/);
      expect(res.body.paymentUrl).toBe(`${test.config.domainServer}/pay/dev/${res.body.orderId}`);
      const order = await orderOf(test, res.body.orderId);
      expect(order).toMatchObject({
        user_id: user.id,
        amount_fen: 4900,
        currency: 'CNY',
        provider: 'dev',
        status: 'pending',
        provider_trade_id: null,
        paid_at: null,
        // Where the order was placed from, for the cash-back marks (admin/cashback-commands.ts).
        payment_ip: '127.0.0.1',
      });
      expect(JSON.parse(order.option)).toEqual({
        ctype: 'subscription',
        price: 49,
        period: '1m',
        bonusCredits: 7.8,
        gpt4PerDay: 30,
        days: 30,
      });
      // Another user's charge makes another order, theirs.
      const other = await newUser(test.app);
      const theirs = await chargeAs(test, other.token, pack10);
      expect((await orderOf(test, theirs.body.orderId)).user_id).toBe(other.user.id);
      expect(theirs.body.orderId).not.toBe(res.body.orderId);
    });

    it('pays on the dev page: the pack is credited exactly once and the ledger matches its cache', async () => {
      const { token, user } = await newUser(test.app);
      const before = await readBalance(test.database.db, user.id);
      const { body } = await chargeAs(test, token, { ctype: 'credits', price: 20, amount: 22 });
      const page = await test.app.inject({ method: 'GET', url: `/pay/dev/${body.orderId}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('¥20.00');
      expect(page.body).toContain(`action="/pay/dev/${body.orderId}"`);
      for (let i = 0; i < 2; i += 1) {
        const paid = await test.app.inject({ method: 'POST', url: `/pay/dev/${body.orderId}` });
        expect(paid.statusCode).toBe(302);
        expect(paid.headers.location).toBe(`${test.config.domainClient}/c/new?paid=${body.orderId}`);
      }
      const after = await readBalance(test.database.db, user.id);
      expect(after.credits - before.credits).toBe(22 * 100_000);
      expect(await orderOf(test, body.orderId)).toMatchObject({
        status: 'paid',
        provider_trade_id: `dev-${body.orderId}`,
      });
      const purchases = await test.database.db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('kind', '=', 'purchase')
        .where('user_id', '=', user.id)
        .execute();
      expect(purchases).toHaveLength(1);
      expect(purchases[0]).toMatchObject({ unique_key: `order:${body.orderId}`, ref_id: body.orderId });
      await expectLedgerMatches(test.database.db, user.id);
      // A paid order's page says so and has no Pay button.
      const again = await test.app.inject({ method: 'GET', url: `/pay/dev/${body.orderId}` });
      expect(again.body).not.toContain('<form');
      expect((await test.app.inject({ method: 'GET', url: '/pay/dev/nosuchorder' })).statusCode).toBe(404);
    });

    it('closes orders left pending a day; a genuine notice that comes later still pays one, once', async () => {
      const { db } = test.database;
      const { token, user } = await newUser(test.app);
      const before = await readBalance(db, user.id);
      const stale = (await chargeAs(test, token, pack10)).body.orderId;
      const fresh = (await chargeAs(test, token, pack10)).body.orderId;
      const dayAndHourAgo = new Date(Date.now() - 25 * 3_600_000).toISOString();
      await db.updateTable('orders').set({ created_at: dayAndHourAgo }).where('id', '=', stale).execute();

      expect(await closeStaleOrders(depsOf(test))).toBe(1);
      expect((await orderOf(test, stale)).status).toBe('closed');
      expect((await orderOf(test, fresh)).status).toBe('pending');
      const page = await test.app.inject({ method: 'GET', url: `/pay/dev/${stale}` });
      expect(page.body).not.toContain('<form');

      // The provider took the money after all: its notice, twice, pays the order once.
      for (let i = 0; i < 2; i += 1) {
        expect((await test.app.inject({ method: 'POST', url: `/pay/dev/${stale}` })).statusCode).toBe(302);
      }
      expect(await orderOf(test, stale)).toMatchObject({ status: 'paid', provider_trade_id: `dev-${stale}` });
      expect((await readBalance(db, user.id)).credits - before.credits).toBe(10 * 100_000);
      await expectLedgerMatches(db, user.id);
    });

    it("pays both inviters' cash-back in the order's transaction, once: 15% and 5% of what the invitee paid", async () => {
      const first = await newUser(test.app);
      const second = await newUser(test.app, { inviteCode: first.user.inviteCode });
      const buyer = await newUser(test.app, { inviteCode: second.user.inviteCode });
      const { body } = await chargeAs(test, buyer.token, card1m);
      for (let i = 0; i < 2; i += 1)
        await test.app.inject({ method: 'POST', url: `/pay/dev/${body.orderId}` });
      const stats = async (token: string) =>
        (
          await test.app.inject({
            method: 'GET',
            url: pathOf('getInviteStats'),
            headers: { authorization: `Bearer ${token}` },
          })
        ).json<{
          totalPrice: number;
          totalPriceToday: number;
        }>();
      // 49 yuan: 7.35 to the buyer's inviter, 2.45 to that inviter's inviter; earned today, so not yet payable.
      expect(await stats(second.token)).toMatchObject({ totalPrice: 49, totalPriceToday: 7.35 });
      expect(await stats(first.token)).toMatchObject({ totalPrice: 49, totalPriceToday: 2.45 });
      const shares = await test.database.db.selectFrom('cashback_entries').selectAll().execute();
      expect(shares.map((e) => [e.level, Number(e.amount_fen)]).sort()).toEqual([
        [1, 735],
        [2, 245],
      ]);
    });

    it('activates a card: unlimited gpt-3.5, the daily gpt-4 uses and the bonus credits', async () => {
      const { token, user } = await newUser(test.app);
      const before = await readBalance(test.database.db, user.id);
      const { body } = await chargeAs(test, token, card1m);
      await test.app.inject({ method: 'POST', url: `/pay/dev/${body.orderId}` });
      expect(await balanceOf(test, token)).toEqual({
        c: before.credits + 780_000,
        t: { 'gpt-3': -1, 'gpt-4': 30 },
      });
      await expectLedgerMatches(test.database.db, user.id);
    });
  });

  it('is refused for the dev provider routes while another provider is configured', async () => {
    const test = await startShop(dialect, null);
    expect((await test.app.inject({ method: 'GET', url: '/pay/dev/x' })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'POST', url: '/pay/dev/x' })).statusCode).toBe(404);
    await test.close();
  });
});
