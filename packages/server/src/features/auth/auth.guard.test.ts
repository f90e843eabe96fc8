import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../app-deps';
import { buildTestApp, testConfig, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { signAccessToken } from './access-token';
import { getUser } from './auth.test-helpers';
import { tokenClaims } from './auth.guard';
import { newUser } from '../../../test/factories.test-helpers';
import { VerifiedTokenCache } from './verified-token-cache';

const { jwtSecret } = testConfig().secrets;

describe('tokenClaims (the guard’s signature check)', () => {
  const depsWith = (secret: string) => ({ config: { secrets: { jwtSecret: secret } } }) as unknown as AppDeps;

  it('verifies a token once and answers its user from the cache afterwards', async () => {
    const deps = depsWith(jwtSecret);
    const cache = new VerifiedTokenCache();
    const token = await signAccessToken(jwtSecret, 'user-1', 'session-1');
    const claims = { userId: 'user-1', sessionId: 'session-1' };
    expect(await tokenClaims(deps, cache, token)).toMatchObject(claims);
    // Were the token verified again, the changed secret would refuse it.
    deps.config.secrets.jwtSecret = 'another-secret-0123456789abcdef0123456789abcdef';
    expect(await tokenClaims(deps, cache, token)).toMatchObject(claims);
    expect(await tokenClaims(deps, cache, await signAccessToken(jwtSecret, 'user-2', 's-2'))).toBeNull();
  });

  it('does not cache a refusal, nor let a forged token through', async () => {
    const deps = depsWith(jwtSecret);
    const cache = new VerifiedTokenCache();
    const forged = await signAccessToken('not-the-secret-0123456789abcdef0123456789abcdef', 'user-1', 's-1');
    expect(await tokenClaims(deps, cache, forged)).toBeNull();
    expect(await tokenClaims(deps, cache, forged)).toBeNull();
    expect(await tokenClaims(deps, cache, 'not.a.jwt')).toBeNull();
  });
});

describe.each(testDialects())('the auth guard with cached tokens on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  it('still refuses a token already used once when its user is banned or deleted', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    expect((await getUser(t.app, token)).statusCode).toBe(200);
    const until = new Date(Date.now() + 60_000).toISOString();
    await t.database.db.updateTable('users').set({ banned_until: until }).where('id', '=', user.id).execute();
    const banned = await getUser(t.app, token);
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toMatchObject({ code: 'BANNED' });
    await t.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await getUser(t.app, token)).statusCode).toBe(401);
  });

  it('refuses a cached token once it has expired', async () => {
    t = await buildTestApp(dialect);
    const { user, sessionId } = await newUser(t.app);
    const token = await signAccessToken(jwtSecret, user.id, sessionId, { expiresInSeconds: 60 });
    expect((await getUser(t.app, token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect((await getUser(t.app, token)).statusCode).toBe(401);
  });
});
