import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { card1m, chargeAs, pack10 } from './commerce.test-helpers';

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
    for (const request of [pack10, card1m, pack10]) {
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
});
