import { describe, expect, it } from 'vitest';
import { API, type ApiErrorBody, type AuthResult } from '@parley/shared';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser, newUserRow } from '../../../test/factories.test-helpers';
import { refreshCookie } from '../auth/auth.test-helpers';
import {
  advance,
  closeAfterEach,
  codeFor,
  PASSWORD,
  PHONE,
  WRONG,
  wrongOf,
} from './phone-login.test-helpers';
import { buildSmsTestApp, phoneLogin, sendCode, type SmsTestApp } from './sms.test-helpers';

// Signing in and registering with a code (POST phoneLogin): the first-login password, one use and five tries per
// code, its five minutes, the inviter and the registration gift. Who is refused is in phone-login.refusals.test.ts.

const DEAD = 'The verification code has expired or was tried too many times. Please request a new one.';
const FIRST_LOGIN = 'This is your first login: please set a password to create your account.';

describe.each(testDialects())('phone sign-in and registration (phoneLogin) on %s', (dialect) => {
  let t: SmsTestApp;
  closeAfterEach(() => t);

  it('asks a new phone for a password without using the code, then creates the account and signs in', async () => {
    t = await buildSmsTestApp(dialect);
    const code = await codeFor(t, PHONE);
    const first = await phoneLogin(t.app, { phone: PHONE, verifyCode: code });
    expect(first.statusCode).toBe(400);
    expect(first.json<ApiErrorBody>()).toEqual({
      code: 'VALIDATION',
      message: FIRST_LOGIN,
      field: 'password',
      key: 'com_auth_first_login_password',
      details: { passwordRequired: true },
    });
    expect(refreshCookie(first)).toBeUndefined();
    const weak = await phoneLogin(t.app, { phone: PHONE, verifyCode: code, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ApiErrorBody>().key).toBe('com_auth_password_min_length');

    const made = await phoneLogin(t.app, { phone: PHONE, verifyCode: code, password: PASSWORD });
    expect(made.statusCode).toBe(201);
    const { user, token } = made.json<AuthResult>();
    expect(token).toBeTruthy();
    expect(refreshCookie(made)?.value).toBeTruthy();
    expect(user).toMatchObject({ name: '138****8000', phone: PHONE, provider: 'phone' });
    expect(user.email).toBeUndefined();
    // The password works for password sign-in with the phone too.
    const byPassword = await t.app.inject({
      method: 'POST',
      url: API.login,
      payload: { email: PHONE, password: PASSWORD },
    });
    expect(byPassword.statusCode).toBe(200);
  });

  it('signs an existing phone in with no password asked, as password sign-in answers', async () => {
    t = await buildSmsTestApp(dialect);
    const row = await newUserRow(t.database.db, { phone: PHONE, password: PASSWORD, name: 'Li Lei' });
    const code = await codeFor(t, PHONE);
    const res = await phoneLogin(t.app, { phone: PHONE, verifyCode: code });
    expect(res.statusCode).toBe(200);
    const body = res.json<AuthResult>();
    expect(body.user).toMatchObject({ id: row.id, name: 'Li Lei', phone: PHONE });
    expect(refreshCookie(res)).toMatchObject({ httpOnly: true, path: '/api/auth' });
    const me = await t.app.inject({
      method: 'GET',
      url: API.user,
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.json<{ id: string }>().id).toBe(row.id);
  });

  it('uses a code once', async () => {
    t = await buildSmsTestApp(dialect);
    await newUserRow(t.database.db, { phone: PHONE, password: PASSWORD });
    const code = await codeFor(t, PHONE);
    expect((await phoneLogin(t.app, { phone: PHONE, verifyCode: code })).statusCode).toBe(200);
    const again = await phoneLogin(t.app, { phone: PHONE, verifyCode: code });
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiErrorBody>()).toMatchObject({ message: DEAD, field: 'verifyCode' });
    // A used code still holds the phone's 60 s wait.
    expect((await sendCode(t.app, PHONE)).statusCode).toBe(429);
    advance(61);
    expect((await sendCode(t.app, PHONE)).statusCode).toBe(200);
  });

  it('allows 5 tries: a wrong code counts one, and after 5 even the right code is dead', async () => {
    t = await buildSmsTestApp(dialect);
    await newUserRow(t.database.db, { phone: PHONE, password: PASSWORD });
    const code = await codeFor(t, PHONE);
    for (let i = 0; i < 5; i += 1) {
      const res = await phoneLogin(t.app, { phone: PHONE, verifyCode: wrongOf(code) });
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiErrorBody>()).toMatchObject({
        code: 'VALIDATION',
        message: WRONG,
        field: 'verifyCode',
      });
    }
    const right = await phoneLogin(t.app, { phone: PHONE, verifyCode: code });
    expect(right.statusCode).toBe(400);
    expect(right.json<ApiErrorBody>().message).toBe(DEAD);
  });

  it('keeps a code valid 5 minutes', async () => {
    t = await buildSmsTestApp(dialect);
    await newUserRow(t.database.db, { phone: PHONE, password: PASSWORD });
    const code = await codeFor(t, PHONE);
    advance(5 * 60 - 5);
    const late = await codeFor(t, '13700137000');
    await newUserRow(t.database.db, { phone: '13700137000', password: PASSWORD });
    expect((await phoneLogin(t.app, { phone: '13700137000', verifyCode: late })).statusCode).toBe(200);
    advance(10);
    const res = await phoneLogin(t.app, { phone: PHONE, verifyCode: code });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().message).toBe(DEAD);
  });

  it('records the inviter from the invite code, two levels deep', async () => {
    t = await buildSmsTestApp(dialect);
    const grand = await newUser(t.app, { email: 'grand@example.com' });
    const parent = await newUser(t.app, { email: 'parent@example.com', inviteCode: grand.user.inviteCode });
    const code = await codeFor(t, PHONE);
    const res = await phoneLogin(t.app, {
      phone: PHONE,
      verifyCode: code,
      password: PASSWORD,
      inviter: parent.user.inviteCode,
    });
    expect(res.statusCode).toBe(201);
    const row = await t.database.db
      .selectFrom('users')
      .select(['inviter_id', 'second_inviter_id'])
      .where('phone', '=', PHONE)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ inviter_id: parent.user.id, second_inviter_id: grand.user.id });
    // An unknown code records nobody and does not stop the sign-up.
    const other = await codeFor(t, '13700137000');
    const res2 = await phoneLogin(t.app, {
      phone: '13700137000',
      verifyCode: other,
      password: PASSWORD,
      inviter: 'nobody-has-it',
    });
    expect(res2.statusCode).toBe(201);
  });

  it('refuses a first-login password that is the phone number or a common one, keeping the code', async () => {
    t = await buildSmsTestApp(dialect);
    const code = await codeFor(t, PHONE);
    for (const [password, key] of [
      [PHONE, 'com_auth_password_is_phone'],
      ['password', 'com_auth_password_common'],
    ] as const) {
      const res = await phoneLogin(t.app, { phone: PHONE, verifyCode: code, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION', field: 'password', key });
    }
    expect((await phoneLogin(t.app, { phone: PHONE, verifyCode: code, password: PASSWORD })).statusCode).toBe(
      201,
    );
  });

  it('gives a new account the registration gift and marks the browser as a known device, as e-mail sign-up does', async () => {
    t = await buildSmsTestApp(dialect, { app: { checkBalance: true } });
    const made = await phoneLogin(t.app, {
      phone: PHONE,
      verifyCode: await codeFor(t, PHONE),
      password: PASSWORD,
    });
    const { id } = made.json<AuthResult>().user;
    expect(made.cookies.find((c) => c.name === 'parleyDevice')?.value.split('.')[0]).toBe(id);
    advance(61);
    expect((await phoneLogin(t.app, { phone: PHONE, verifyCode: await codeFor(t, PHONE) })).statusCode).toBe(
      200,
    );
    const gifts = await t.database.db
      .selectFrom('ledger_entries')
      .select(['kind', 'unique_key'])
      .where('user_id', '=', id)
      .execute();
    expect(gifts).toEqual([{ kind: 'gift', unique_key: `gift:${id}` }]);
  });

  it('requires the code', async () => {
    t = await buildSmsTestApp(dialect);
    const res = await phoneLogin(t.app, { phone: PHONE, verifyCode: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>()).toMatchObject({
      key: 'com_auth_verify_code_required',
      field: 'verifyCode',
    });
  });
});
