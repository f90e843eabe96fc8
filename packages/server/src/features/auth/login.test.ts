import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type ApiErrorBody, type AuthResult } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { postLogin, refreshCookie } from './auth.test-helpers';
import { newUser, newUserRow, PASSWORD } from '../../../test/factories.test-helpers';

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

describe.each(testDialects())('POST /api/auth/login on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const ban = (email: string, until: string) =>
    t.database.db.updateTable('users').set({ banned_until: until }).where('email', '=', email).execute();

  it('signs in with e-mail and password: 200, token, user and refresh cookie', async () => {
    t = await buildTestApp(dialect);
    const { user } = await newUser(t.app, { email: 'lin@example.com' });
    const res = await postLogin(t.app, '  LIN@example.com ', PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json<AuthResult>();
    expect(body.user.id).toBe(user.id);
    expect(body.token).toBeTruthy();
    expect(refreshCookie(res)?.value).toBeTruthy();
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    t = await buildTestApp(dialect);
    await newUser(t.app, { email: 'lin@example.com' });
    const wrong = await postLogin(t.app, 'lin@example.com', 'wrong password');
    const unknown = await postLogin(t.app, 'nobody@example.com', PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json<ApiErrorBody>()).toEqual({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.loginFailed });
    expect(unknown.json()).toEqual(wrong.json());
    expect(refreshCookie(wrong)).toBeUndefined();
  });

  it('signs in by an 11-digit phone number', async () => {
    t = await buildTestApp(dialect);
    await newUserRow(t.database.db, {
      name: 'Phone User',
      phone: '13812345678',
      password: PASSWORD,
      invite_code: 'PHONE001',
    });
    const res = await postLogin(t.app, '13812345678', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthResult>().user).toMatchObject({ phone: '13812345678' });
    expect(res.json<AuthResult>().user).not.toHaveProperty('email');
    expect((await postLogin(t.app, '13812345678', 'wrong password')).statusCode).toBe(401);
  });

  it('refuses a banned user with 403 BANNED and a message containing "ban"', async () => {
    t = await buildTestApp(dialect);
    await newUser(t.app, { email: 'bad@example.com' });
    await ban('bad@example.com', inAnHour());
    const res = await postLogin(t.app, 'bad@example.com', PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiErrorBody>().code).toBe('BANNED');
    expect(res.json<ApiErrorBody>().message).toContain('ban');
    // The ban is told only to someone who knows the password.
    expect((await postLogin(t.app, 'bad@example.com', 'wrong password')).statusCode).toBe(401);
  });

  it('lets a user in again once the ban has ended', async () => {
    t = await buildTestApp(dialect);
    await newUser(t.app, { email: 'reformed@example.com' });
    await ban('reformed@example.com', anHourAgo());
    expect((await postLogin(t.app, 'reformed@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('refuses password login when e-mail login is disabled', async () => {
    t = await buildTestApp(dialect, { auth: { allowEmailLogin: false } });
    const res = await postLogin(t.app, 'anyone@example.com', PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiErrorBody>().code).toBe('FORBIDDEN');
  });

  it('answers bad input with 400 naming the field', async () => {
    t = await buildTestApp(dialect);
    const res = await postLogin(t.app, 'ab', PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION', field: 'email' });
  });
});
