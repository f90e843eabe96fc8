import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { findSoldOption } from './shop-options';
import { closePendingBeyond, insertOrder } from './orders.repository';
import { card1m, chargeAs, depsOf, pack10 } from './commerce.test-helpers';

// docs/reference/commerce.md (Orders and payment);
// docs/decisions.md, "Charges are limited per user, and old pending orders closed"
describe.each(testDialects())('charge limits on %s', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp(dialect, {
      app: { checkBalance: true },
      payment: { provider: 'dev' } as never,
      shop: { chargeLimits: { userMax: 4, userWindowMinutes: 30, pendingMax: 2 } },
    });
  });
  afterAll(() => test.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const ordersOf = (userId: string) =>
    test.database.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it('refuses the charge past CHARGE_USER_MAX in the window with 429 and Retry-After, writing no order', async () => {
    const { token, user } = await newUser(test.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await chargeAs(test, token, pack10)).status);
    expect(statuses).toEqual([201, 201, 201, 201]);
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/charge',
      headers: { authorization: `Bearer ${token}` },
      payload: pack10,
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(29 * 60);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(30 * 60);
    expect(res.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many orders: at most 4 in 30 minutes. Try again in 30 minutes.',
    });
    expect(await ordersOf(user.id)).toHaveLength(4);
    // Another user is counted apart.
    const other = await newUser(test.app);
    expect((await chargeAs(test, other.token, pack10)).status).toBe(201);
  });

  it('keeps CHARGE_PENDING_MAX orders pending: a new one closes the oldest beyond them', async () => {
    const { token, user } = await newUser(test.app);
    const made: string[] = [];
    // A second apart, so "the oldest" is one order (the same millisecond is the next test's case).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-06T09:00:00Z') });
    for (const request of [pack10, card1m, pack10]) {
      vi.setSystemTime(Date.now() + 1000);
      const res = await chargeAs(test, token, request);
      expect(res.status).toBe(201);
      made.push(res.body.orderId);
    }
    expect(await ordersOf(user.id)).toEqual([
      { id: made[0], status: 'closed' },
      { id: made[1], status: 'pending' },
      { id: made[2], status: 'pending' },
    ]);
    // The payment page of the closed one still pays it: the provider took the money (order-paid.ts).
    const paid = await test.app.inject({ method: 'POST', url: `/pay/dev/${made[0]}` });
    expect(paid.statusCode).toBeLessThan(400);
    expect((await ordersOf(user.id))[0]).toEqual({ id: made[0], status: 'paid' });
  });
  it('never closes the order just made, even beside others placed in the same millisecond', async () => {
    const { user } = await newUser(test.app);
    const { db } = test.database;
    const option = findSoldOption(depsOf(test).config.shop, pack10)!;
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-06T09:00:00Z') });
    const order = (id: string) =>
      insertOrder(db, { id, userId: user.id, option, amountFen: 1000, provider: 'dev', status: 'pending' });
    // Three orders of one instant; the one just made has the id that sorts last, so the time and id sort alone
    // would close it.
    await order('f'.repeat(32));
    await order('e'.repeat(32));
    await order('0'.repeat(32));
    expect(await closePendingBeyond(db, user.id, 2, '0'.repeat(32))).toBe(1);
    expect(await ordersOf(user.id)).toEqual([
      { id: '0'.repeat(32), status: 'pending' },
      { id: 'e'.repeat(32), status: 'closed' },
      { id: 'f'.repeat(32), status: 'pending' },
    ]);
    // Kept to one pending order, it is the one just made.
    await order('1'.repeat(32));
    expect(await closePendingBeyond(db, user.id, 1, '1'.repeat(32))).toBe(2);
    expect((await ordersOf(user.id)).filter((o) => o.status === 'pending')).toEqual([
      { id: '1'.repeat(32), status: 'pending' },
    ]);
  });
});
