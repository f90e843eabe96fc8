import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type ApiErrorBody } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { postLogin } from './auth.test-helpers';
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

  it('refuses the (max+1)th attempt on one account, from any IPs', async () => {
    const { app } = await start(dialect, limited(3));
    for (let i = 0; i < 3; i++) {
      expect((await postLogin(app, 'target@example.com', 'wrong password', `10.2.0.${i}`)).statusCode).toBe(
        401,
      );
    }
    expectRateLimited(await postLogin(app, 'TARGET@example.com', PASSWORD, '10.2.0.9'));
  });

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
    expect((await postLogin(b.app, 'shared@example.com', PASSWORD, '10.3.0.2')).statusCode).toBe(401);
    expect((await postLogin(a.app, 'shared@example.com', PASSWORD, '10.3.0.3')).statusCode).toBe(401);
    expectRateLimited(await postLogin(b.app, 'shared@example.com', PASSWORD, '10.3.0.4'));

    const keys = await a.redis!.keys(`${prefix}*`);
    expect(keys.some((k) => k.startsWith(`${prefix}login-account:`))).toBe(true);
    expect(keys).toContain(`${prefix}login-ip:10.3.0.1`);
    // The failed logins also left violation scores under the prefix (features/bans); the limiter's keys are these.
    const ttl = await a.redis!.pttl(keys.find((k) => k.startsWith(`${prefix}login-`))!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
    await a.redis!.del(...keys);
  });
});
