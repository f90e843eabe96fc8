import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, PublicUser } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser, newUserRow, PASSWORD } from '../../../test/factories.test-helpers';
import { getUser, postLogin, postRefresh } from '../auth/auth.test-helpers';
import { startSession } from '../auth/sessions.service';
import { accountCall } from './account.test-helpers';

const NEW_PASSWORD = 'a much better passphrase';

describe.each(testDialects())('the account page on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  describe('PUT /api/user (the display name)', () => {
    it('changes the name, trimmed, and answers the user with it', async () => {
      t = await buildTestApp(dialect);
      const { token } = await newUser(t.app, { name: 'Ada Lovelace' });
      const res = await accountCall(t.app, 'updateUser', token, { name: '  李雷  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json<PublicUser>().name).toBe('李雷');
      expect((await getUser(t.app, token)).json<PublicUser>().name).toBe('李雷');
    });

    it.each([
      ['empty', '   ', 'com_auth_name_required'],
      ['one Latin letter', 'A', 'com_auth_name_min_length'],
      ['80 characters', 'x'.repeat(80), 'com_auth_name_max_length'],
    ])('refuses a name that is %s with 400 and leaves the name as it was', async (_case, name, key) => {
      t = await buildTestApp(dialect);
      const { token } = await newUser(t.app, { name: 'Ada Lovelace' });
      const res = await accountCall(t.app, 'updateUser', token, { name });
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION', field: 'name', key });
      expect((await getUser(t.app, token)).json<PublicUser>().name).toBe('Ada Lovelace');
    });

    it('answers 401 without a signed-in user', async () => {
      t = await buildTestApp(dialect);
      const res = await t.app.inject({ method: 'PUT', url: '/api/user', payload: { name: 'Someone' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /api/user/password', () => {
    const change = (token: string, body: Record<string, unknown>) =>
      accountCall(t.app, 'changePassword', token, { confirm_password: body.password, ...body });

    it('changes the password, ends the other sessions and keeps this one', async () => {
      t = await buildTestApp(dialect);
      const me = await newUser(t.app, { email: 'me@example.com' });
      const other = await postLogin(t.app, 'me@example.com', PASSWORD);
      const otherToken = other.json<{ token: string }>().token;
      const otherCookie = other.cookies.find((c) => c.name === 'refreshToken')!.value;

      const res = await change(me.token, { currentPassword: PASSWORD, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Password changed. Your other sessions have been signed out.' });

      expect((await getUser(t.app, me.token)).statusCode).toBe(200);
      expect((await postRefresh(t.app, me.cookie)).statusCode).toBe(200);
      expect((await getUser(t.app, otherToken)).statusCode).toBe(401);
      expect((await postRefresh(t.app, otherCookie)).statusCode).toBe(401);
      expect((await postLogin(t.app, 'me@example.com', PASSWORD)).statusCode).toBe(401);
      expect((await postLogin(t.app, 'me@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a wrong or missing current password with 400, changing nothing and ending no session', async () => {
      t = await buildTestApp(dialect);
      const me = await newUser(t.app, { email: 'me@example.com' });
      const other = await postLogin(t.app, 'me@example.com', PASSWORD);
      const wrong = await change(me.token, { currentPassword: 'not the password', password: NEW_PASSWORD });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<ApiErrorBody>()).toMatchObject({
        code: 'VALIDATION',
        field: 'currentPassword',
        message: 'The current password is incorrect.',
        key: 'com_ui_account_current_password_wrong',
      });
      const missing = await change(me.token, { password: NEW_PASSWORD });
      expect(missing.json<ApiErrorBody>()).toMatchObject({
        field: 'currentPassword',
        key: 'com_ui_account_current_password_required',
      });
      expect((await getUser(t.app, other.json<{ token: string }>().token)).statusCode).toBe(200);
      expect((await postLogin(t.app, 'me@example.com', PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a weak new password by the password rules, and a mismatched confirmation', async () => {
      t = await buildTestApp(dialect);
      const me = await newUser(t.app, { email: 'grace@example.com' });
      const common = await change(me.token, { currentPassword: PASSWORD, password: 'password123' });
      expect(common.statusCode).toBe(400);
      expect(common.json<ApiErrorBody>()).toMatchObject({
        field: 'password',
        key: 'com_auth_password_common',
      });
      const email = await change(me.token, { currentPassword: PASSWORD, password: 'grace@example.com' });
      expect(email.json<ApiErrorBody>()).toMatchObject({ key: 'com_auth_password_is_email' });
      const mismatch = await change(me.token, {
        currentPassword: PASSWORD,
        password: NEW_PASSWORD,
        confirm_password: 'something else',
      });
      expect(mismatch.json<ApiErrorBody>()).toMatchObject({ field: 'confirm_password' });
      expect((await postLogin(t.app, 'grace@example.com', PASSWORD)).statusCode).toBe(200);
    });

    it('lets an account without a password (a social sign-up) set one without a current password', async () => {
      t = await buildTestApp(dialect);
      const row = await newUserRow(t.database.db, { email: 'social@example.com', provider: 'github' });
      const deps = { config: t.config, database: t.database, redis: null };
      const { token } = await startSession(deps, row, { userAgent: null });
      expect((await getUser(t.app, token)).json<PublicUser>().hasPassword).toBe(false);
      const res = await change(token, { password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect((await getUser(t.app, token)).json<PublicUser>().hasPassword).toBe(true);
      expect((await postLogin(t.app, 'social@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('limits wrong current passwords per user (LOGIN_MAX), and a right one does not count', async () => {
      t = await buildTestApp(dialect, { rateLimits: { loginMax: 2 } });
      const me = await newUser(t.app, { email: 'me@example.com' });
      // Right current password, refused new one: not a guess, does not count.
      for (let i = 0; i < 3; i += 1) {
        const res = await change(me.token, { currentPassword: PASSWORD, password: 'password123' });
        expect(res.json<ApiErrorBody>().key).toBe('com_auth_password_common');
      }
      for (let i = 0; i < 2; i += 1) {
        expect(
          (await change(me.token, { currentPassword: 'guess', password: NEW_PASSWORD })).statusCode,
        ).toBe(400);
      }
      const limited = await change(me.token, { currentPassword: PASSWORD, password: NEW_PASSWORD });
      expect(limited.statusCode).toBe(429);
      expect(limited.json<ApiErrorBody>()).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Too many attempts in a short amount of time. Please try again later.',
      });
      // The window (LOGIN_WINDOW, 5 minutes) started at the first wrong guess.
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(300);
    });
  });
});
