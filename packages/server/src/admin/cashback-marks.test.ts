import { afterEach, describe, expect, it } from 'vitest';
import { API, type AuthResult } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../test/app.test-helpers';
import { testDialects } from '../../test/dialects.test-helpers';
import { registration } from '../../test/factories.test-helpers';
import { DEVICE_COOKIE } from '../features/auth/device-cookie';
import { recordCashback } from '../features/cashback/record-cashback';
import { insertOrder } from '../features/commerce/orders.repository';
import { findUserById } from '../features/users/users.repository';
import { runAdminCaptured } from './admin.test-helpers';

const SHARES = { percent: 15, secondLevelPercent: 5 };
const option = { ctype: 'credits' as const, price: 10, credits: 10 };

// docs/reference/commerce.md (Operator command line): issue 23's chain A -> B -> C made from one place.
describe.each(testDialects())('cash-back marks of a self-made invite chain on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  /** Registers through the API from `ip`, with a device cookie when given; answers the user and their cookie. */
  async function signUp(email: string, ip: string, inviteCode?: string, device?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: API.register,
      remoteAddress: ip,
      payload: registration({ email, ...(inviteCode ? { inviteCode } : {}) }),
      cookies: device ? { [DEVICE_COOKIE]: device } : {},
    });
    expect(res.statusCode, res.body).toBe(201);
    const device_ = res.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    return { user: res.json<AuthResult>().user, device: device_ };
  }

  async function pays(orderId: string, userId: string, ip: string) {
    await insertOrder(t.database.db, {
      id: orderId,
      userId,
      option,
      amountFen: 1000,
      provider: 'dev',
      status: 'paid',
      paymentIp: ip,
    });
    await recordCashback(
      t.database.db,
      { orderId, userId, amountFen: 1000, paidAt: new Date().toISOString() },
      SHARES,
    );
  }

  it('records where each account signed up, and marks the earnings whose payer shares an address or browser', async () => {
    t = await buildTestApp(dialect);
    const a = await signUp('a@example.com', '203.0.113.7');
    // B in A's browser and from A's address; C elsewhere, but C pays from A's address; D unrelated.
    const b = await signUp('b@example.com', '203.0.113.7', a.user.inviteCode, a.device);
    const c = await signUp('c@example.com', '198.51.100.2', b.user.inviteCode);
    const d = await signUp('d@example.com', '192.0.2.4', a.user.inviteCode, 'forged.cookie.value');
    const row = async (id: string) => (await findUserById(t.database.db, id))!;
    expect(await row(b.user.id)).toMatchObject({ signup_ip: '203.0.113.7', signup_device_of: a.user.id });
    expect(await row(c.user.id)).toMatchObject({ signup_ip: '198.51.100.2', signup_device_of: null });
    expect(await row(d.user.id)).toMatchObject({ signup_ip: '192.0.2.4', signup_device_of: null });

    await pays('o-c', c.user.id, '203.0.113.7');
    await pays('o-d', d.user.id, '192.0.2.4');
    await pays('o-b', b.user.id, '10.0.0.9');

    const listA = await runAdminCaptured(t.database.db, ['cashback', 'list', '--user', a.user.id]);
    expect(listA.code).toBe(0);
    const lines = listA.out.split('\n');
    expect(lines[1]).toBe(
      '2 earning(s) below came from a payer who shares an address or a browser with this user: check them before paying.',
    );
    const of = (order: string) => lines.find((l) => l.includes(`order ${order}`))!;
    // C (level 2) paid from A's sign-up address.
    expect(of('o-c')).toMatch(
      /level 2, order o-c {2}.*\[CHECK: same address as the payer: 203\.0\.113\.7\]$/,
    );
    // B signed up from A's address, in A's browser.
    expect(of('o-b')).toMatch(
      /\[CHECK: same address as the payer: 203\.0\.113\.7; same browser as the payer at sign-up\]$/,
    );
    expect(of('o-d')).not.toContain('CHECK');

    const listB = await runAdminCaptured(t.database.db, ['cashback', 'list', '--user', b.user.id]);
    expect(listB.out).toMatch(
      /level 1, order o-c {2}.*\[CHECK: same address as the payer: 203\.0\.113\.7\]$/m,
    );
  });
});
