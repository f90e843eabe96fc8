import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { API, AUTH_MESSAGES, type ApiErrorBody } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { postLogin } from './auth.test-helpers';
import { DEVICE_COOKIE } from './device-cookie';
import { newUser, PASSWORD } from '../../../test/factories.test-helpers';

const limited = (max: number, prefix?: string) => ({
  rateLimits: { loginMax: max, loginWindowMinutes: 5, ...(prefix ? { rateLimitPrefix: prefix } : {}) },
});

function expectRateLimited(res: Awaited<ReturnType<typeof postLogin>>): void {
  expect(res.statusCode).toBe(429);
  expect(res.json<ApiErrorBody>()).toMatchObject({
    code: 'RATE_LIMITED',
    message: AUTH_MESSAGES.loginRateLimited,
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

/** A sign-in from `ip` by a browser that holds the device cookie `device`. */
const loginWithDevice = (app: TestApp['app'], email: string, password: string, device: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: API.login,
    payload: { email, password },
    remoteAddress: ip,
    cookies: { [DEVICE_COOKIE]: device },
  });

describe.each(testDialects())('login rate limit on %s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });
  const start = async (...args: Parameters<typeof buildTestApp>) => {
    const app = await buildTestApp(...args);
    apps.push(app);
    return app;
  };

  it('refuses the (max+1)th attempt from one IP, whatever the accounts', async () => {
    const { app } = await start(dialect, limited(3));
    for (let i = 0; i < 3; i++) {
      expect((await postLogin(app, `user${i}@example.com`, PASSWORD, '10.1.1.1')).statusCode).toBe(401);
    }
    expectRateLimited(await postLogin(app, 'user9@example.com', PASSWORD, '10.1.1.1'));
    expect((await postLogin(app, 'user9@example.com', PASSWORD, '10.1.1.2')).statusCode).toBe(401);
  });

  it('refuses the (max+1)th attempt on one account from one IP, but not the owner elsewhere', async () => {
    const { app } = await start(dialect, limited(3));
    await newUser(app, { email: 'target@example.com' });
    // A stranger spends the account's attempts from their own address and is stopped there...
    for (let i = 0; i < 3; i++) {
      expect((await postLogin(app, 'target@example.com', 'wrong password', '10.2.0.1')).statusCode).toBe(401);
    }
    expectRateLimited(await postLogin(app, 'TARGET@example.com', PASSWORD, '10.2.0.1'));
    // ...and the owner, from theirs, signs in all the same.
    expect((await postLogin(app, 'target@example.com', PASSWORD, '10.2.0.9')).statusCode).toBe(200);
  });

  it('holds guessing from many addresses to the slower account limit; the known browser still signs in', async () => {
    const { app } = await start(dialect, {
      rateLimits: { loginMax: 3, loginWindowMinutes: 5, loginAccountMax: 4, loginAccountWindowMinutes: 60 },
    });
    const owner = await newUser(app, { email: 'owner@example.com' });
    const other = await newUser(app, { email: 'other@example.com' });
    const signedIn = await postLogin(app, 'owner@example.com', PASSWORD, '10.4.1.1');
    const device = signedIn.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(device.value.startsWith(`${owner.user.id}.`)).toBe(true);
    const otherDevice = (await postLogin(app, 'other@example.com', PASSWORD, '10.4.1.1')).cookies.find(
      (c) => c.name === DEVICE_COOKIE,
    )!.value;
    // Strangers, one guess per address: the account's 4 attempts (the owner's sign-in was one) run out.
    for (let i = 1; i <= 3; i++) {
      expect((await postLogin(app, 'owner@example.com', 'wrong password', `10.4.0.${i}`)).statusCode).toBe(
        401,
      );
    }
    expectRateLimited(await postLogin(app, 'owner@example.com', 'wrong password', '10.4.0.4'));
    // The owner from a new address in a new browser waits too; in the browser that signed in before, they do not.
    expectRateLimited(await postLogin(app, 'owner@example.com', PASSWORD, '10.4.1.2'));
    // Each from its own address, so only the account limit is at stake.
    const withDevice = (value: string, ip: string) =>
      loginWithDevice(app, 'owner@example.com', PASSWORD, value, ip);
    expect((await withDevice(device.value, '10.4.2.1')).statusCode).toBe(200);
    // A cookie of another account, or a forged one, is no pass.
    expectRateLimited(await withDevice(otherDevice, '10.4.2.2'));
    const [id, nonce] = device.value.split('.');
    expectRateLimited(await withDevice(`${id}.${nonce}.${'A'.repeat(43)}`, '10.4.2.3'));
    expect(other.user.id).not.toBe(owner.user.id);
  });

  it("ends a browser's known-device pass when the account's password is reset", async () => {
    const { app } = await start(dialect, {
      rateLimits: { loginMax: 3, loginWindowMinutes: 5, loginAccountMax: 4, loginAccountWindowMinutes: 60 },
      auth: { passwordResetLinkInResponse: true },
    });
    await newUser(app, { email: 'reset@example.com' });
    const deviceOf = (res: Awaited<ReturnType<typeof postLogin>>) =>
      res.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    const before = deviceOf(await postLogin(app, 'reset@example.com', PASSWORD, '10.5.1.1'));
    // Without e-mail and with PASSWORD_RESET_LINK_IN_RESPONSE the reset link comes back in the answer
    // (docs/reference/accounts.md (Forgot and reset password)).
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/requestPasswordReset',
      payload: { email: 'reset@example.com' },
    });
    const link = new URL(asked.json<{ link: string }>().link);
    const newPassword = 'a brand new passphrase';
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/resetPassword',
      payload: {
        token: link.searchParams.get('token'),
        userId: link.searchParams.get('userId'),
        password: newPassword,
        confirm_password: newPassword,
      },
    });
    expect(reset.statusCode).toBe(200);
    const after = deviceOf(await postLogin(app, 'reset@example.com', newPassword, '10.5.1.2'));
    // Strangers run the account's limit out (two sign-ins and two guesses make its 4).
    for (const ip of ['10.5.0.1', '10.5.0.2']) {
      expect((await postLogin(app, 'reset@example.com', 'wrong password', ip)).statusCode).toBe(401);
    }
    expectRateLimited(await postLogin(app, 'reset@example.com', newPassword, '10.5.0.3'));
    const withDevice = (value: string, ip: string) =>
      loginWithDevice(app, 'reset@example.com', newPassword, value, ip);
    // The browser that signed in before the reset is a stranger now; the one that signed in since is not.
    expectRateLimited(await withDevice(before, '10.5.2.1'));
    expect((await withDevice(after, '10.5.2.2')).statusCode).toBe(200);
  });

  it.each([[1], [['127.0.0.1']]])(
    'behind a proxy (TRUST_PROXY=%j), counts the address the proxy appended, whatever the client wrote',
    async (trustProxy) => {
      const { app } = await start(dialect, { ...limited(3), trustProxy });
      // Through the proxy at 127.0.0.1: the client writes X-Forwarded-For, the proxy appends the address it saw.
      const viaProxy = (forwardedFor: string) =>
        app.inject({
          method: 'POST',
          url: API.login,
          payload: { email: 'someone@example.com', password: 'wrong password' },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      for (let i = 1; i <= 3; i++) expect((await viaProxy(`6.6.6.${i}, 1.2.3.4`)).statusCode).toBe(401);
      // A fresh made-up address each time does not get the attacker past the limit...
      expectRateLimited(await viaProxy('6.6.6.9, 1.2.3.4'));
      // ...nor spend the limit of the address it named: that user, through the same proxy, is not limited.
      expect((await viaProxy('6.6.6.1')).statusCode).toBe(401);
    },
  );

  it('counts successful attempts too, and refuses before checking the password', async () => {
    const { app } = await start(dialect, limited(2));
    await newUser(app, { email: 'ok@example.com' });
    expect((await postLogin(app, 'ok@example.com', PASSWORD)).statusCode).toBe(200);
    expect((await postLogin(app, 'ok@example.com', PASSWORD)).statusCode).toBe(200);
    expectRateLimited(await postLogin(app, 'ok@example.com', PASSWORD));
  });
});

// The limiter sits before the database, so the dialect does not matter here; both instances use SQLite because
// holding two PostgreSQL test schemas at once trips Kysely's migrator (it looks for its tables in every schema).
describe.runIf(process.env.TEST_REDIS_URL)('login rate limit with Redis', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  it('keeps the counts in Redis, shared by every instance', async () => {
    const prefix = `parley-test:${randomBytes(6).toString('hex')}:`;
    const a = await buildTestApp('sqlite', limited(3, prefix), { redis: true });
    apps.push(a);
    const b = await buildTestApp('sqlite', limited(3, prefix), { redis: true });
    apps.push(b);
    expect((await postLogin(a.app, 'shared@example.com', PASSWORD, '10.3.0.1')).statusCode).toBe(401);
    expect((await postLogin(b.app, 'shared@example.com', PASSWORD, '10.3.0.1')).statusCode).toBe(401);
    expect((await postLogin(a.app, 'shared@example.com', PASSWORD, '10.3.0.1')).statusCode).toBe(401);
    expectRateLimited(await postLogin(b.app, 'shared@example.com', PASSWORD, '10.3.0.1'));

    const keys = await a.redis!.keys(`${prefix}*`);
    expect(keys.some((k) => k.startsWith(`${prefix}login-account:`))).toBe(true);
    expect(keys.some((k) => k.startsWith(`${prefix}login-account-ip:`) && k.endsWith(':10.3.0.1'))).toBe(
      true,
    );
    expect(keys).toContain(`${prefix}login-ip:10.3.0.1`);
    // The failed logins also left violation scores under the prefix (features/bans); the limiter's keys are these.
    // Each expires with its window: LOGIN_WINDOW (5 minutes) per IP, LOGIN_ACCOUNT_WINDOW (60) per account.
    const ipTtl = await a.redis!.pttl(`${prefix}login-ip:10.3.0.1`);
    expect(ipTtl).toBeGreaterThan(0);
    expect(ipTtl).toBeLessThanOrEqual(5 * 60_000);
    const accountTtl = await a.redis!.pttl(keys.find((k) => k.startsWith(`${prefix}login-account:`))!);
    expect(accountTtl).toBeGreaterThan(5 * 60_000);
    expect(accountTtl).toBeLessThanOrEqual(60 * 60_000);
    await a.redis!.del(...keys);
  });
});
