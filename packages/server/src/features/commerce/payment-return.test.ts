import { pathOf, type OrderSummary } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { card1m, chargeAs, orderOf, pack10, startShop } from './commerce.test-helpers';

// docs/reference/commerce.md (Back from the payment page)
describe.each(testDialects())('coming back from a payment on %s', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startShop(dialect, { provider: 'dev' });
  });
  afterAll(() => test.close());

  const getOrder = async (token: string, orderId: string) => {
    const res = await test.app.inject({
      method: 'GET',
      url: pathOf('getOrder').replace(':orderId', orderId),
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, body: res.json<OrderSummary & { message?: string }>() };
  };
  const pay = (orderId: string) => test.app.inject({ method: 'POST', url: `/pay/dev/${orderId}` });

  it('keeps the page the order was made from and goes back there once paid, with the order named', async () => {
    const { token } = await newUser(test.app);
    const { status, body } = await chargeAs(test, token, { ...pack10, returnTo: '/c/3f2a-conv_1' });
    expect(status).toBe(201);
    expect((await orderOf(test, body.orderId)).return_path).toBe('/c/3f2a-conv_1');
    const paid = await pay(body.orderId);
    expect(paid.statusCode).toBe(302);
    expect(paid.headers.location).toBe(`${test.config.domainClient}/c/3f2a-conv_1?paid=${body.orderId}`);
    // The paid order's page links back there too.
    const page = await test.app.inject({ method: 'GET', url: `/pay/dev/${body.orderId}` });
    expect(page.body).toContain(`href="${test.config.domainClient}/c/3f2a-conv_1?paid=${body.orderId}"`);
  });

  it('refuses a return path that is not a path of this site, and writes no order', async () => {
    const { token, user } = await newUser(test.app);
    for (const returnTo of [
      '//evil.example.com/c/1',
      'https://evil.example.com',
      '/c/1?x=1',
      'c/1',
      '/c/%2F',
    ]) {
      const res = await chargeAs(test, token, { ...pack10, returnTo });
      expect(res.status, returnTo).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION',
        message: 'returnTo: must be a path of this site, such as /c/new',
      });
    }
    const orders = await test.database.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(orders).toEqual([]);
  });

  it('tells the buyer what a pack gave: pending, then paid with its credits', async () => {
    const { token } = await newUser(test.app);
    const { body } = await chargeAs(test, token, { ctype: 'credits', price: 20, amount: 22 });
    expect(await getOrder(token, body.orderId)).toEqual({
      status: 200,
      body: { orderId: body.orderId, status: 'pending', ctype: 'credits', price: 20, credits: 22 },
    });
    await pay(body.orderId);
    expect((await getOrder(token, body.orderId)).body).toEqual({
      orderId: body.orderId,
      status: 'paid',
      ctype: 'credits',
      price: 20,
      credits: 22,
    });
  });

  it('tells the buyer what a card gave: its uses a day, bonus credits and when it runs', async () => {
    const { token } = await newUser(test.app);
    const { body } = await chargeAs(test, token, card1m);
    expect((await getOrder(token, body.orderId)).body).toEqual({
      orderId: body.orderId,
      status: 'pending',
      ctype: 'subscription',
      price: 49,
      credits: 7.8,
      period: '1m',
      gpt4PerDay: 30,
    });
    await pay(body.orderId);
    const card = await test.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('order_id', '=', body.orderId)
      .executeTakeFirstOrThrow();
    expect((await getOrder(token, body.orderId)).body).toEqual({
      orderId: body.orderId,
      status: 'paid',
      ctype: 'subscription',
      price: 49,
      credits: 7.8,
      period: '1m',
      gpt4PerDay: 30,
      startsAt: card.starts_at,
      endsAt: card.ends_at,
    });
    expect(Date.parse(card.ends_at) - Date.parse(card.starts_at)).toBe(30 * 86_400_000);
  });

  it("answers 404 for another user's order and an unknown one, and a closed order reads closed", async () => {
    const owner = await newUser(test.app);
    const other = await newUser(test.app);
    const { body } = await chargeAs(test, owner.token, pack10);
    expect(await getOrder(other.token, body.orderId)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'No such order' },
    });
    expect((await getOrder(owner.token, '0123456789abcdef0123456789abcdef')).status).toBe(404);
    await test.database.db
      .updateTable('orders')
      .set({ status: 'refunded' })
      .where('id', '=', body.orderId)
      .execute();
    expect((await getOrder(owner.token, body.orderId)).body.status).toBe('closed');
  });
});

describe.each(testDialects())('the order notice while the shop is off, on %s', (dialect) => {
  it('answers 404', async () => {
    const test = await startShop(dialect, null);
    const { token } = await newUser(test.app);
    const res = await test.app.inject({
      method: 'GET',
      url: pathOf('getOrder').replace(':orderId', '0123456789abcdef0123456789abcdef'),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(404);
    await test.close();
  });
});
