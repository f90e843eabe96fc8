import { afterEach, describe, expect, it } from 'vitest';
import {
  API,
  AUTH_MESSAGES,
  REFRESH_COOKIE,
  REFRESH_TOKEN_TTL_SECONDS,
  type AuthResult,
} from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { ROTATION_GRACE_SECONDS } from './sessions.service';
import { getUser, postLogin, postRefresh, refreshCookie } from './auth.test-helpers';
import { newUser, PASSWORD } from '../../../test/factories.test-helpers';

describe.each(testDialects())('sessions: refresh cookie, rotation, logout on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('sets the refresh cookie HttpOnly, SameSite=Strict, Path=/api/auth, 7 days, not Secure over http', async () => {
    t = await buildTestApp(dialect);
    await newUser(t.app, { email: 'c@example.com' });
    const cookie = refreshCookie(await postLogin(t.app, 'c@example.com', PASSWORD));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie?.maxAge).toBe(REFRESH_TOKEN_TTL_SECONDS);
    expect(cookie?.secure).toBeFalsy();
  });

  it('adds Secure when secureCookies is on', async () => {
    t = await buildTestApp(dialect, { auth: { secureCookies: true } });
    const res = await t.app.inject({
      method: 'POST',
      url: API.register,
      payload: { name: 'Sec Ure', email: 's@example.com', password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(refreshCookie(res)?.secure).toBe(true);
  });

  it('stores only a hash of the refresh secret', async () => {
    t = await buildTestApp(dialect);
    const { cookie } = await newUser(t.app);
    const [sessionId, secret] = cookie.split('.');
    const row = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sessionId!)
      .executeTakeFirst();
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toContain(secret!);
  });

  it('rotates on refresh: a new token, a new cookie, and the new cookie works', async () => {
    t = await buildTestApp(dialect);
    const first = await newUser(t.app);
    const res = await postRefresh(t.app, first.cookie, `${API.refresh}?retry=true`);
    expect(res.statusCode).toBe(200);
    const body = res.json<AuthResult>();
    expect(body.user.id).toBe(first.user.id);
    expect((await getUser(t.app, body.token)).statusCode).toBe(200);
    const next = refreshCookie(res);
    expect(next).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(next?.value).not.toBe(first.cookie);
    expect(next?.value.split('.')[0]).toBe(first.cookie.split('.')[0]);
    expect((await postRefresh(t.app, next?.value)).statusCode).toBe(200);
  });

  /** Moves the session's last rotation back in time, past the grace window. */
  async function ageRotation(seconds: number) {
    const at = new Date(Date.now() - seconds * 1000).toISOString();
    await t.database.db.updateTable('sessions').set({ rotated_at: at }).execute();
  }

  it('treats an old token presented after the grace window as reuse: 401, and the session is revoked', async () => {
    t = await buildTestApp(dialect);
    const { cookie: old } = await newUser(t.app);
    const current = refreshCookie(await postRefresh(t.app, old))?.value;
    await ageRotation(ROTATION_GRACE_SECONDS + 1);
    const replay = await postRefresh(t.app, old);
    expect(replay.statusCode).toBe(401);
    expect((await postRefresh(t.app, current)).statusCode).toBe(401);
  });

  it('treats a token older than the previous one as reuse even inside the grace window', async () => {
    t = await buildTestApp(dialect);
    const { cookie: first } = await newUser(t.app);
    const second = refreshCookie(await postRefresh(t.app, first))?.value;
    const third = refreshCookie(await postRefresh(t.app, second))?.value;
    expect((await postRefresh(t.app, first)).statusCode).toBe(401);
    expect((await postRefresh(t.app, third)).statusCode).toBe(401);
  });

  it('lets tabs that refresh at the same moment all stay signed in', async () => {
    t = await buildTestApp(dialect);
    const { cookie, user } = await newUser(t.app);
    const answers = await Promise.all([1, 2, 3].map(() => postRefresh(t.app, cookie)));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect((await getUser(t.app, res.json<AuthResult>().token)).json()).toMatchObject({ id: user.id });
    }
    // Exactly one rotated and set the cookie; the others leave the browser's jar to it.
    const set = answers.map(refreshCookie).filter((c) => c?.value);
    expect(set).toHaveLength(1);
    expect((await postRefresh(t.app, set[0]?.value)).statusCode).toBe(200);
  });

  it('answers the previous secret inside the grace window without a new cookie', async () => {
    t = await buildTestApp(dialect);
    const { cookie: old } = await newUser(t.app);
    const current = refreshCookie(await postRefresh(t.app, old))?.value;
    const late = await postRefresh(t.app, old);
    expect(late.statusCode).toBe(200);
    expect(refreshCookie(late)).toBeUndefined();
    expect((await postRefresh(t.app, current)).statusCode).toBe(200);
  });

  it('answers 200 without a token, and without touching the jar, when no cookie was sent', async () => {
    t = await buildTestApp(dialect);
    for (const url of [API.refresh, `${API.refresh}?retry=true`]) {
      const res = await postRefresh(t.app, undefined, url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.noSession });
      // A clearing header here, answered after a sign-in in the same browser, would wipe the new cookie.
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 403 and clears the cookie when it is not a refresh token at all', async () => {
    t = await buildTestApp(dialect);
    for (const url of [API.refresh, `${API.refresh}?retry=true`]) {
      const res = await postRefresh(t.app, 'garbage', url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: AUTH_MESSAGES.sessionInvalid });
      expect(refreshCookie(res)?.value).toBe('');
    }
  });

  it('answers 401 and clears the cookie when it names no session; 403 on the retry', async () => {
    t = await buildTestApp(dialect);
    const unknown = `${crypto.randomUUID()}.secret`;
    const res = await postRefresh(t.app, unknown);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.sessionExpired });
    const cleared = refreshCookie(res);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/auth');
    const retry = await postRefresh(t.app, unknown, `${API.refresh}?retry=true`);
    expect(retry.statusCode).toBe(403);
    expect(retry.json()).toMatchObject({ code: 'FORBIDDEN', message: AUTH_MESSAGES.sessionExpired });
    expect(refreshCookie(retry)?.value).toBe('');
    // retry=false is the plain refresh.
    expect((await postRefresh(t.app, unknown, `${API.refresh}?retry=false`)).statusCode).toBe(401);
  });

  it('answers 403 to a revoked session on the retry, and still rotates a live one with ?retry=true', async () => {
    t = await buildTestApp(dialect);
    const { cookie } = await newUser(t.app);
    await t.app.inject({ method: 'POST', url: API.logout, cookies: { [REFRESH_COOKIE]: cookie } });
    expect((await postRefresh(t.app, cookie, `${API.refresh}?retry=true`)).statusCode).toBe(403);
    const live = await newUser(t.app, { email: 'live@example.com' });
    const res = await postRefresh(t.app, live.cookie, `${API.refresh}?retry=true`);
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthResult>().token).toEqual(expect.any(String));
  });

  it('answers 401 for an expired session', async () => {
    t = await buildTestApp(dialect);
    const { cookie } = await newUser(t.app);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await postRefresh(t.app, cookie)).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('answers 403 BANNED to a banned user', async () => {
    t = await buildTestApp(dialect);
    const { cookie, user } = await newUser(t.app);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    await t.database.db.updateTable('users').set({ banned_until: until }).where('id', '=', user.id).execute();
    const res = await postRefresh(t.app, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BANNED' });
  });

  it('logs out: 200, the cookie cleared, and the session no longer refreshes', async () => {
    t = await buildTestApp(dialect);
    const { cookie } = await newUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: API.logout,
      cookies: { [REFRESH_COOKIE]: cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });
    expect(refreshCookie(res)?.value).toBe('');
    expect((await postRefresh(t.app, cookie)).statusCode).toBe(401);
  });

  it('logs out without a cookie too, and with an empty JSON body', async () => {
    t = await buildTestApp(dialect);
    const res = await t.app.inject({ method: 'POST', url: API.logout });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });
    const json = { 'content-type': 'application/json' };
    expect((await t.app.inject({ method: 'POST', url: API.logout, headers: json })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: API.refresh, headers: json })).statusCode).toBe(200);
  });

  it('keeps one session per sign-in: logging out of one leaves the other working', async () => {
    t = await buildTestApp(dialect);
    const { cookie: laptop } = await newUser(t.app, { email: 'two@example.com' });
    const phone = refreshCookie(await postLogin(t.app, 'two@example.com', PASSWORD))?.value;
    await t.app.inject({ method: 'POST', url: API.logout, cookies: { [REFRESH_COOKIE]: laptop } });
    expect((await postRefresh(t.app, phone)).statusCode).toBe(200);
  });
});
