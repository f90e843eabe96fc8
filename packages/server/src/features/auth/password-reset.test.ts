import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startupConfigSchema, type ApiErrorBody, type ResetRequestResult } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser, newUserRow, PASSWORD } from '../../../test/factories.test-helpers';
import {
  linkIn,
  SMTP_PASSWORD,
  SMTP_USER,
  startLocalSmtp,
  type LocalSmtp,
} from '../../../test/smtp.test-helpers';
import { readAppEnv } from '../../config/env-settings';
import { readMailEnv } from '../../config/mail-settings';
import { postLogin, postRefresh } from './auth.test-helpers';

const NEW_PASSWORD = 'a brand new password';
const RESET_REQUESTED = 'If an account with that email exists, a password reset link has been sent to it.';
const INVALID_TOKEN = 'Invalid or expired password reset token';

let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => smtp?.close());

const withMail = () => ({ mail: readMailEnv(smtp.env)!, app: { emailEnabled: true } });

function requestReset(t: TestApp, email: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/auth/requestPasswordReset', payload: { email }, headers });
}
function postReset(t: TestApp, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/resetPassword', payload: body });
}
/**
 * An active password account made without the registration route (which, with e-mail on, would wait for its
 * activation), signed in once: its id and refresh cookie.
 */
async function activeUser(t: TestApp, email: string, name = 'Ada Lovelace') {
  const row = await newUserRow(t.database.db, { email, name, password: PASSWORD });
  const login = await postLogin(t.app, email, PASSWORD);
  expect(login.statusCode).toBe(200);
  return { user: row, cookie: login.cookies.find((c) => c.name === 'refreshToken')!.value };
}

const resetBody = (link: URL, password = NEW_PASSWORD) => ({
  token: link.searchParams.get('token'),
  userId: link.searchParams.get('userId'),
  password,
  confirm_password: password,
});

describe.each(testDialects())('password reset by e-mail on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('mails a single-use link through the configured SMTP server and answers only the message', async () => {
    t = await buildTestApp(dialect, withMail());
    const user = await activeUser(t, 'reset-me@example.com', 'Ada Lovelace');
    const res = await requestReset(t, 'Reset-Me@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_REQUESTED });

    const mail = await smtp.nextMail('reset-me@example.com');
    expect(mail.subject).toBe('Parley: reset your password');
    expect(mail.from).toBe('"Parley Test" <noreply@parley.test>');
    expect(mail.auth).toEqual({ username: SMTP_USER, password: SMTP_PASSWORD });
    expect(mail.text).toContain('Hello Ada Lovelace,');
    expect(mail.text).toContain('valid for 15 minutes and works once');
    const link = linkIn(mail, '/reset-password');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3080/reset-password');
    expect(link.searchParams.get('userId')).toBe(user.user.id);
    expect(link.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
    expect(mail.html).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`);
    // Only the token's hash is stored.
    const rows = await t.database.db.selectFrom('email_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(link.searchParams.get('token'));

    const done = await postReset(t, resetBody(link));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Password reset was successful' });
    expect((await postLogin(t.app, 'reset-me@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await postLogin(t.app, 'reset-me@example.com', PASSWORD)).statusCode).toBe(401);

    // Single use: the same link again is refused.
    const again = await postReset(t, resetBody(link, 'yet another password'));
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION', message: INVALID_TOKEN });
  });

  it('ends every session of the user after a reset', async () => {
    t = await buildTestApp(dialect, withMail());
    const first = await activeUser(t, 'sessions@example.com');
    const second = await postLogin(t.app, 'sessions@example.com', PASSWORD);
    const secondCookie = second.cookies.find((c) => c.name === 'refreshToken')!.value;
    expect((await postRefresh(t.app, first.cookie)).statusCode).toBe(200);

    await requestReset(t, 'sessions@example.com');
    const link = linkIn(await smtp.nextMail('sessions@example.com'), '/reset-password');
    expect((await postReset(t, resetBody(link))).statusCode).toBe(200);

    const rows = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', first.user.id)
      .execute();
    expect(rows).toEqual([]);
    expect((await postRefresh(t.app, first.cookie)).statusCode).toBe(401);
    expect((await postRefresh(t.app, secondCookie)).statusCode).toBe(401);
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    t = await buildTestApp(dialect, withMail());
    await activeUser(t, 'known@example.com');
    const unknown = await requestReset(t, 'nobody@example.com');
    const known = await requestReset(t, 'known@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await smtp.nextMail('known@example.com');
    expect(smtp.mails.filter((m) => m.to === 'nobody@example.com')).toEqual([]);
  });

  it('writes the mail in Chinese for a browser asking for Chinese', async () => {
    t = await buildTestApp(dialect, withMail());
    await activeUser(t, 'zh-reset@example.com', '李雷');
    await requestReset(t, 'zh-reset@example.com', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' });
    const mail = await smtp.nextMail('zh-reset@example.com');
    expect(mail.subject).toBe('Parley：重置密码');
    expect(mail.text).toContain('李雷，您好：');
    expect(mail.text).toContain('链接 15 分钟内有效，且只能使用一次');
    expect(mail.html).toContain('重置密码</a>');
  });

  it('a newer link cancels the one mailed before', async () => {
    t = await buildTestApp(dialect, withMail());
    await activeUser(t, 'twice@example.com');
    await requestReset(t, 'twice@example.com');
    const older = linkIn(await smtp.nextMail('twice@example.com'), '/reset-password');
    await requestReset(t, 'twice@example.com');
    const newer = linkIn(await smtp.nextMail('twice@example.com'), '/reset-password');
    const refused = await postReset(t, resetBody(older));
    expect(refused.json<ApiErrorBody>().message).toBe(INVALID_TOKEN);
    expect((await postReset(t, resetBody(newer))).statusCode).toBe(200);
  });

  it('refuses a link after its 15 minutes', async () => {
    t = await buildTestApp(dialect, withMail());
    await activeUser(t, 'late@example.com');
    const before = Date.now();
    await requestReset(t, 'late@example.com');
    const link = linkIn(await smtp.nextMail('late@example.com'), '/reset-password');
    const row = await t.database.db.selectFrom('email_tokens').selectAll().executeTakeFirstOrThrow();
    const ttl = Date.parse(row.expires_at) - before;
    expect(ttl).toBeGreaterThanOrEqual(15 * 60_000);
    expect(ttl).toBeLessThan(15 * 60_000 + 5_000);
    await t.database.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const res = await postReset(t, resetBody(link));
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().message).toBe(INVALID_TOKEN);
    expect((await postLogin(t.app, 'late@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a token presented with another user's id", async () => {
    t = await buildTestApp(dialect, withMail());
    const other = await activeUser(t, 'other@example.com');
    await activeUser(t, 'owner@example.com');
    await requestReset(t, 'owner@example.com');
    const link = linkIn(await smtp.nextMail('owner@example.com'), '/reset-password');
    const res = await postReset(t, { ...resetBody(link), userId: other.user.id });
    expect(res.json<ApiErrorBody>().message).toBe(INVALID_TOKEN);
    expect((await postLogin(t.app, 'other@example.com', PASSWORD)).statusCode).toBe(200);
  });

  // [case, body changes, field, message]
  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['no token', { token: undefined }, 'token', 'Unable to process: No valid reset token'],
    ['an empty token', { token: '' }, 'token', 'Unable to process: No valid reset token'],
    ['no user id', { userId: undefined }, 'userId', 'No valid user id'],
    [
      'a short password',
      { password: 'short', confirm_password: 'short' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      'a long password',
      { password: 'a'.repeat(128), confirm_password: 'a'.repeat(128) },
      'password',
      'Password must be shorter than 128 characters',
    ],
    [
      'a confirmation that differs',
      { confirm_password: 'something else' },
      'confirm_password',
      'Passwords do not match',
    ],
  ];
  it.each(invalid)('refuses %s with 400 naming the field', async (_case, changes, field, message) => {
    t = await buildTestApp(dialect);
    const body = {
      token: 'a'.repeat(64),
      userId: 'someone',
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    };
    const res = await postReset(t, { ...body, ...changes });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION', field, message });
  });

  it.each([
    [undefined, 'Email is required'],
    ['ab', 'Email must be at least 3 characters'],
    ['not-an-address', 'Enter a valid email address'],
    [`${'a'.repeat(115)}@x.com`, 'Email must be no longer than 120 characters'],
  ])('refuses the reset request for %s: %s', async (email, message) => {
    t = await buildTestApp(dialect);
    const res = await requestReset(t, email);
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION', field: 'email', message });
  });

  it('limits reset requests per address (no mailbox flooding)', async () => {
    t = await buildTestApp(dialect, { ...withMail(), rateLimits: { loginMax: 2 } });
    await activeUser(t, 'flood@example.com');
    expect((await requestReset(t, 'flood@example.com')).statusCode).toBe(200);
    expect((await requestReset(t, 'FLOOD@example.com')).statusCode).toBe(200);
    const third = await requestReset(t, 'flood@example.com');
    expect(third.statusCode).toBe(429);
    expect(third.json<ApiErrorBody>().message).toBe(
      'Too many password reset attempts in a short amount of time. Please try again later.',
    );
  });
});

describe.each(testDialects())('password reset without e-mail on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  type LogLine = { level: number; msg: string; userId?: string; link?: string };
  /** An app whose warnings are kept, as the server log would show them to the operator. */
  async function appWithLog(overrides: Parameters<typeof buildTestApp>[1] = {}) {
    const log: LogLine[] = [];
    const stream = { write: (line: string) => log.push(JSON.parse(line) as LogLine) };
    t = await buildTestApp(dialect, overrides, { logger: { level: 'warn', stream } });
    return log;
  }
  const resetWarnings = (log: LogLine[]) =>
    log.filter(
      (l) => l.msg === 'Password reset requested without e-mail configured: give the user this link',
    );

  it('answers a known and an unknown address alike, with no link, and logs the link for the operator', async () => {
    const log = await appWithLog();
    const user = await newUser(t.app, { email: 'no-mail@example.com' });
    const known = await requestReset(t, 'no-mail@example.com');
    const unknown = await requestReset(t, 'nobody@example.com');
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: RESET_REQUESTED });
    }
    expect(known.body).toBe(unknown.body);
    expect(known.body).not.toMatch(/reset-password|token/);

    // The operator finds the link in the log, once, for the known address only; it works.
    const logged = resetWarnings(log);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 40, userId: user.user.id });
    const link = new URL(logged[0]!.link!);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3080/reset-password');
    expect(link.searchParams.get('userId')).toBe(user.user.id);
    expect((await postReset(t, resetBody(link))).statusCode).toBe(200);
    expect((await postLogin(t.app, 'no-mail@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('in production with mail settings half done: the startup config says e-mail is off, and no link is handed out', async () => {
    // The operator set a host and a login but no password or sender: e-mail is off, as the page must know.
    const env = { NODE_ENV: 'production', EMAIL_HOST: 'smtp.example.com', EMAIL_USERNAME: 'mailer' };
    const log = await appWithLog({
      nodeEnv: 'production',
      mail: readMailEnv(env),
      app: { emailEnabled: readAppEnv(env).emailEnabled },
    });
    const config = startupConfigSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/config' })).json(),
    );
    expect(config.emailEnabled).toBe(false);
    await newUser(t.app, { email: 'prod@example.com' });
    const res = await requestReset(t, 'prod@example.com');
    expect(res.json()).toEqual({ message: RESET_REQUESTED });
    expect(resetWarnings(log)).toHaveLength(1);
  });

  it('with PASSWORD_RESET_LINK_IN_RESPONSE on, hands the link back for a known address (a local trial)', async () => {
    const log = await appWithLog({ auth: { passwordResetLinkInResponse: true } });
    const user = await newUser(t.app, { email: 'trial@example.com' });
    const known = await requestReset(t, 'trial@example.com');
    const body = known.json<ResetRequestResult>();
    expect(body.message).toBe(RESET_REQUESTED);
    const link = new URL(body.link!);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3080/reset-password');
    expect(link.searchParams.get('userId')).toBe(user.user.id);
    expect(resetWarnings(log)[0]!.link).toBe(body.link);
    expect((await postReset(t, resetBody(link))).statusCode).toBe(200);
    expect((await postLogin(t.app, 'trial@example.com', NEW_PASSWORD)).statusCode).toBe(200);

    const unknown = await requestReset(t, 'nobody@example.com');
    expect(unknown.json()).toEqual({ message: RESET_REQUESTED });
  });
});
