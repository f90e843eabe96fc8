import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, routeUrl, type ApiErrorBody } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';

const check = (t: TestApp, code: string, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: routeUrl('checkInvite', { code }), remoteAddress });

describe.each(testDialects())('GET /api/auth/invite/:code on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('answers 200 {valid: true} for a user’s code, without signing in', async () => {
    t = await buildTestApp(dialect);
    const { user } = await newUser(t.app);
    const res = await check(t, user.inviteCode);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true });
  });

  it('answers 404 for a code nobody has, and for one differing only in case', async () => {
    t = await buildTestApp(dialect);
    const { user } = await newUser(t.app);
    for (const code of ['pricing', 'settings', swapCase(user.inviteCode)]) {
      const res = await check(t, code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json<ApiErrorBody>()).toMatchObject({
        code: 'NOT_FOUND',
        message: AUTH_MESSAGES.inviteNotFound,
      });
    }
  });

  it.each(['a b', 'a.b', '邀请码', 'x'.repeat(65)])(
    'refuses the malformed code %s with 400',
    async (code) => {
      t = await buildTestApp(dialect);
      const res = await check(t, code);
      expect(res.statusCode).toBe(400);
    },
  );

  it('refuses the (max+1)th check from one IP, known codes and malformed ones counted alike', async () => {
    t = await buildTestApp(dialect, { rateLimits: { loginMax: 3, loginWindowMinutes: 5 } });
    const { user } = await newUser(t.app);
    expect((await check(t, user.inviteCode, '10.9.0.1')).statusCode).toBe(200);
    expect((await check(t, 'nope', '10.9.0.1')).statusCode).toBe(404);
    expect((await check(t, 'a b', '10.9.0.1')).statusCode).toBe(400);
    const limited = await check(t, user.inviteCode, '10.9.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ApiErrorBody>()).toMatchObject({
      code: 'RATE_LIMITED',
      message: AUTH_MESSAGES.inviteRateLimited,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP still may, and sign-in keeps its own count.
    expect((await check(t, user.inviteCode, '10.9.0.2')).statusCode).toBe(200);
  });
});

function swapCase(code: string): string {
  const swapped = [...code].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
  // A code of digits and `-`/`_` only has no other case; make it differ anyway.
  return swapped === code ? `${code}x` : swapped;
}
