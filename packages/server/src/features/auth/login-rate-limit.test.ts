import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { API, AUTH_MESSAGES, type ApiErrorBody } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { postLogin } from './auth.test-helpers';
import { DEVICE_COOKIE } from './device-cookie';
import { newUser, newUserRow, PASSWORD } from '../../../test/factories.test-helpers';

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
    // Strangers, one guess per address: the account's 4 failed attempts run out (the owner's sign-ins did not count).
    for (let i = 1; i <= 4; i++) {
      expect((await postLogin(app, 'owner@example.com', 'wrong password', `10.4.0.${i}`)).statusCode).toBe(
        401,
      );
    }
    expectRateLimited(await postLogin(app, 'owner@example.com', 'wrong password', '10.4.0.5'));
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
    // Strangers run the account's limit out (four guesses; the owner's sign-ins do not count).
    for (const ip of ['10.5.0.1', '10.5.0.2', '10.5.0.4', '10.5.0.5']) {
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

  it('lets ten sign-ins from one address through in a minute, other accounts and the same one, and still limits failures', async () => {
    const { app } = await start(dialect, limited(3));
    const ip = '10.6.0.1';
    for (let i = 0; i < 5; i++) await newUser(app, { email: `campus${i}@example.com` });
    // Five students behind the campus address, then one of them five times more: none is refused.
    const emails = [0, 1, 2, 3, 4, 0, 0, 0, 0, 0].map((i) => `campus${i}@example.com`);
    const answers = [];
    for (const email of emails) answers.push((await postLogin(app, email, PASSWORD, ip)).statusCode);
    expect(answers).toEqual(Array(10).fill(200));
    // Failures are counted as before: LOGIN_MAX of them, then 429 for everyone there, right password or not.
    for (let i = 0; i < 3; i++) {
      expect((await postLogin(app, `campus${i}@example.com`, 'wrong password', ip)).statusCode).toBe(401);
    }
    expectRateLimited(await postLogin(app, 'campus4@example.com', PASSWORD, ip));
    expectRateLimited(await postLogin(app, 'campus0@example.com', PASSWORD, ip));
    // Another address is untouched.
    expect((await postLogin(app, 'campus0@example.com', PASSWORD, '10.6.0.2')).statusCode).toBe(200);
  });

  it('keeps failures through a success: the success neither counts nor wipes them', async () => {
    const { app } = await start(dialect, limited(3));
    await newUser(app, { email: 'typo@example.com' });
    expect((await postLogin(app, 'typo@example.com', 'wrong password')).statusCode).toBe(401);
    expect((await postLogin(app, 'typo@example.com', 'wrong password')).statusCode).toBe(401);
    expect((await postLogin(app, 'typo@example.com', PASSWORD)).statusCode).toBe(200);
    // The third failure is still allowed (the success did not count) and is the last (the success wiped nothing).
    expect((await postLogin(app, 'typo@example.com', 'wrong password')).statusCode).toBe(401);
    expectRateLimited(await postLogin(app, 'typo@example.com', PASSWORD));
  });

  it('counts each guess before its password is checked, so parallel guesses get LOGIN_MAX answers at most', async () => {
    const { app } = await start(dialect, limited(3));
    await newUser(app, { email: 'burst@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postLogin(app, 'burst@example.com', `wrong password ${i}`, '10.7.0.1'),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('counts a body too malformed to be checked as a failure', async () => {
    const { app } = await start(dialect, limited(2));
    await newUser(app, { email: 'form@example.com' });
    for (let i = 0; i < 2; i++) {
      expect((await postLogin(app, 'form@example.com', 'short', '10.8.0.1')).statusCode).toBe(400);
    }
    expectRateLimited(await postLogin(app, 'form@example.com', PASSWORD, '10.8.0.1'));
  });

  it('gives back the count of a right password refused for a ban (told only to the right password)', async () => {
    const { app, database } = await start(dialect, limited(2));
    const until = new Date(Date.now() + 3_600_000).toISOString();
    await newUserRow(database.db, { email: 'banned@example.com', password: PASSWORD, banned_until: until });
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push((await postLogin(app, 'banned@example.com', PASSWORD, '10.9.0.1')).statusCode);
    }
    expect(answers).toEqual([403, 403, 403, 403]);
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
    // The refused attempt gave its hit back: the address holds its three failures, no more.
    expect(await a.redis!.get(`${prefix}login-ip:10.3.0.1`)).toBe('3');

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
