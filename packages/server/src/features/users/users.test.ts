import { afterEach, describe, expect, it } from 'vitest';
import { type ApiErrorBody, type PublicUser } from '@parley/shared';
import { buildTestApp, testConfig, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { signAccessToken } from '../auth/access-token';
import { getUser } from '../auth/auth.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';

const { jwtSecret } = testConfig().secrets;

describe.each(testDialects())('GET /api/user on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('answers the signed-in user, without any password field', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app, { email: 'me@example.com', username: 'me_too' });
    const res = await getUser(t.app, token);
    expect(res.statusCode).toBe(200);
    const body = res.json<PublicUser>();
    expect(body).toEqual(user);
    expect(body).toMatchObject({
      email: 'me@example.com',
      username: 'me_too',
      plugins: [],
      emailVerified: false,
      role: 'USER',
      provider: 'local',
    });
    // Only whether there is one (the account page asks for the current password then), never the password itself.
    expect(body.hasPassword).toBe(true);
    expect(Object.keys(body).filter((k) => k.toLowerCase().includes('password'))).toEqual(['hasPassword']);
    expect(res.body).not.toMatch(/argon2/);
  });

  it('parses plugins from their JSON column', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    await t.database.db
      .updateTable('users')
      .set({ plugins: '["dalle","wolfram"]' })
      .where('id', '=', user.id)
      .execute();
    expect((await getUser(t.app, token)).json<PublicUser>().plugins).toEqual(['dalle', 'wolfram']);
  });

  it.each([
    ['no token', undefined],
    ['garbage', 'not-a-jwt'],
    ['an empty bearer', ''],
  ])('answers 401 UNAUTHORIZED with %s', async (_case, token) => {
    t = await buildTestApp(dialect);
    const res = await getUser(t.app, token);
    expect(res.statusCode).toBe(401);
    expect(res.json<ApiErrorBody>().code).toBe('UNAUTHORIZED');
  });

  it('answers 401 for an expired token signed with the real secret', async () => {
    t = await buildTestApp(dialect);
    const { user, sessionId } = await newUser(t.app);
    const expired = await signAccessToken(jwtSecret, user.id, sessionId, { expiresInSeconds: -60 });
    expect((await getUser(t.app, expired)).statusCode).toBe(401);
    const fresh = await signAccessToken(jwtSecret, user.id, sessionId);
    expect((await getUser(t.app, fresh)).statusCode).toBe(200);
  });

  it('answers 401 for a token signed with another secret', async () => {
    t = await buildTestApp(dialect);
    const { user, sessionId } = await newUser(t.app);
    const forged = await signAccessToken('some-other-secret-0123456789abcdef0123', user.id, sessionId);
    expect((await getUser(t.app, forged)).statusCode).toBe(401);
  });

  it('answers 401 once the user has been deleted', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    await t.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await getUser(t.app, token)).statusCode).toBe(401);
  });

  it('answers 403 BANNED to a banned user', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    const until = new Date(Date.now() + 60_000).toISOString();
    await t.database.db.updateTable('users').set({ banned_until: until }).where('id', '=', user.id).execute();
    const res = await getUser(t.app, token);
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'BANNED' });
    expect(res.json<ApiErrorBody>().message).toContain('ban');
  });
});
