import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, AuthResult } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUserRow, PASSWORD, registration } from '../../../test/factories.test-helpers';
import { linkIn, startLocalSmtp, type LocalSmtp } from '../../../test/smtp.test-helpers';
import { readMailEnv } from '../../config/mail-settings';
import { findUserByEmail } from '../users/users.repository';
import { postLogin, postRegister, refreshCookie } from './auth.test-helpers';

const ACTIVATION_SENT =
  'Registration successful. Check your email for the activation link; it is valid for 15 minutes.';
const NOT_VERIFIED = 'Your email is not verified. Follow the activation link sent to your email.';
const INVALID_LINK = 'Invalid or expired activation link';

let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => smtp?.close());

const withMail = () => ({ mail: readMailEnv(smtp.env)!, app: { emailEnabled: true } });

function postVerify(t: TestApp, link: URL) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/verifyEmail',
    payload: { token: link.searchParams.get('token'), userId: link.searchParams.get('userId') },
  });
}

describe.each(testDialects())('e-mail activation on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('with e-mail on, registration mails a 15-minute link and signs nobody in until it is followed, once', async () => {
    t = await buildTestApp(dialect, withMail());
    const res = await postRegister(t.app, registration({ email: 'new@example.com', name: 'Grace Hopper' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: ACTIVATION_SENT });
    expect(refreshCookie(res)).toBeUndefined();

    const mail = await smtp.nextMail('new@example.com');
    expect(mail.subject).toBe('Parley: activate your account');
    expect(mail.text).toContain('Hello Grace Hopper,');
    const link = linkIn(mail, '/verify');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3080/verify');
    const row = await t.database.db.selectFrom('email_tokens').selectAll().executeTakeFirstOrThrow();
    expect(row.purpose).toBe('verify');
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(15 * 60_000);

    const early = await postLogin(t.app, 'new@example.com', PASSWORD);
    expect(early.statusCode).toBe(403);
    expect(early.json<ApiErrorBody>()).toMatchObject({
      code: 'FORBIDDEN',
      message: NOT_VERIFIED,
      key: 'com_auth_email_not_verified',
    });
    // The refused sign-in mailed a fresh link, which replaces the first.
    const fresh = linkIn(await smtp.nextMail('new@example.com'), '/verify');
    expect((await postVerify(t, link)).json<ApiErrorBody>().message).toBe(INVALID_LINK);

    const verified = await postVerify(t, fresh);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Email verified. You can now log in.' });
    const again = await postVerify(t, fresh);
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION', message: INVALID_LINK });

    const login = await postLogin(t.app, 'new@example.com', PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(login.json<AuthResult>().user.emailVerified).toBe(true);
  });

  it('a wrong password to an account awaiting activation is the usual 401 and mails nothing', async () => {
    t = await buildTestApp(dialect, withMail());
    await postRegister(t.app, registration({ email: 'wrong@example.com' }));
    await smtp.nextMail('wrong@example.com');
    const before = smtp.mails.length;
    expect((await postLogin(t.app, 'wrong@example.com', 'not the password')).statusCode).toBe(401);
    await postRegister(t.app, registration({ email: 'marker@example.com' }));
    await smtp.nextMail('marker@example.com');
    expect(smtp.mails.slice(before).map((m) => m.to)).toEqual(['marker@example.com']);
  });

  it('refuses an expired activation link; signing in then mails a new one', async () => {
    t = await buildTestApp(dialect, withMail());
    await postRegister(t.app, registration({ email: 'slow@example.com' }));
    const link = linkIn(await smtp.nextMail('slow@example.com'), '/verify');
    await t.database.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await postVerify(t, link)).json<ApiErrorBody>().message).toBe(INVALID_LINK);
    expect((await postLogin(t.app, 'slow@example.com', PASSWORD)).statusCode).toBe(403);
    const fresh = linkIn(await smtp.nextMail('slow@example.com'), '/verify');
    expect((await postVerify(t, fresh)).statusCode).toBe(200);
    expect((await postLogin(t.app, 'slow@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('accounts made while e-mail was off stay usable when it is turned on', async () => {
    t = await buildTestApp(dialect, withMail());
    await newUserRow(t.database.db, { email: 'old@example.com', password: PASSWORD });
    expect((await postLogin(t.app, 'old@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('without e-mail the account is active at once (signed in by registration)', async () => {
    t = await buildTestApp(dialect);
    const res = await postRegister(t.app, registration({ email: 'instant@example.com' }));
    expect(res.statusCode).toBe(201);
    expect(res.json<AuthResult>().token).toBeTruthy();
    expect((await postLogin(t.app, 'instant@example.com', PASSWORD)).statusCode).toBe(200);
    const row = await findUserByEmail(t.database.db, 'instant@example.com');
    expect(row?.email_verified).toBe(0);
  });

  it('a password reset from a mailed link also activates the account', async () => {
    t = await buildTestApp(dialect, withMail());
    await postRegister(t.app, registration({ email: 'reset-activates@example.com' }));
    await smtp.nextMail('reset-activates@example.com');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/requestPasswordReset',
      payload: { email: 'reset-activates@example.com' },
    });
    const link = linkIn(await smtp.nextMail('reset-activates@example.com'), '/reset-password');
    const password = 'the new password';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resetPassword',
      payload: {
        token: link.searchParams.get('token'),
        userId: link.searchParams.get('userId'),
        password,
        confirm_password: password,
      },
    });
    expect(res.statusCode).toBe(200);
    const login = await postLogin(t.app, 'reset-activates@example.com', password);
    expect(login.statusCode).toBe(200);
    expect(login.json<AuthResult>().user.emailVerified).toBe(true);
  });
});
