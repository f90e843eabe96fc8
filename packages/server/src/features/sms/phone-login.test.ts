import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, type ApiErrorBody, type AuthResult, type SendVerifyCodeResult } from '@parley/shared';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser, newUserRow } from '../../../test/factories.test-helpers';
import { refreshCookie } from '../auth/auth.test-helpers';
import { buildSmsTestApp, phoneLogin, sendCode, type SmsTestApp } from './sms.test-helpers';

const PHONE = '13800138000';
const PASSWORD = 'a good new password';
const SENT = 'A verification code has been sent to this phone number. It is valid for 5 minutes.';
const WRONG = 'The verification code is incorrect.';
const DEAD = 'The verification code has expired or was tried too many times. Please request a new one.';
const FIRST_LOGIN = 'This is your first login: please set a password to create your account.';

/** Moves the clock (Date only) forward; the database rows and the in-memory limiters read it. */
function advance(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + seconds * 1000 });
}

/** A code for the phone, asked and read from the log transport's line. */
async function codeFor(t: SmsTestApp, phone: string, ip?: string): Promise<string> {
  const res = await sendCode(t.app, phone, ip);
  expect(res.statusCode, res.body).toBe(200);
  return t.codeFor(phone);
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(testDialects())('SMS codes (sendVerifyCode) on %s', (dialect) => {
  let t: SmsTestApp;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  it('texts a 6-digit code through the log transport and stores only its keyed hash', async () => {
    t = await buildSmsTestApp(dialect);
    const res = await sendCode(t.app, PHONE);
    expect(res.statusCode).toBe(200);
    expect(res.json<SendVerifyCodeResult>()).toEqual({ message: SENT, resendAfterSeconds: 60 });
    const code = t.codeFor(PHONE);
    expect(code).toMatch(/^\d{6}$/);
    const line = t.lines().find((l) => l.smsPhone === PHONE)!;
    expect(line.level).toBe(30);
    expect(line.msg).toContain(`sign-in code for ${PHONE} is ${code}`);
    const rows = await t.database.db.selectFrom('sms_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code);
  });

  it('takes exactly 11 digits (spaces and dashes dropped), with the field rule in the answer', async () => {
    t = await buildSmsTestApp(dialect);
    for (const [phone, key] of [
      ['1380013800', 'com_auth_phone_length'],
      ['138001380001', 'com_auth_phone_length'],
      ['1380013800a', 'com_auth_phone_length'],
      ['', 'com_auth_phone_required'],
      [undefined, 'com_auth_phone_required'],
    ] as const) {
      const res = await sendCode(t.app, phone);
      expect(res.statusCode, String(phone)).toBe(400);
      expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION', key });
    }
    expect(await t.database.db.selectFrom('sms_codes').selectAll().execute()).toEqual([]);
    expect((await sendCode(t.app, '138-0013 8000')).statusCode).toBe(200);
    expect(t.codeFor(PHONE)).toMatch(/^\d{6}$/);
  });

  it('answers the same for a phone with an account and one without', async () => {
    t = await buildSmsTestApp(dialect);
    await newUserRow(t.database.db, { phone: '13900139000', password: PASSWORD });
    const known = await sendCode(t.app, '13900139000');
    const unknown = await sendCode(t.app, '13700137000');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
  });

  it('sends one code per phone per 60 s, answering 429 with the seconds left; the new code replaces the old', async () => {
    t = await buildSmsTestApp(dialect);
    const first = await codeFor(t, PHONE);
    advance(20);
    const again = await sendCode(t.app, PHONE);
    expect(again.statusCode).toBe(429);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(39);
    expect(retryAfter).toBeLessThanOrEqual(41);
    expect(again.json<ApiErrorBody>()).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: retryAfter },
    });
    advance(41);
    const second = await codeFor(t, PHONE);
    if (second !== first) {
      const old = await phoneLogin(t.app, { phone: PHONE, verifyCode: first, password: PASSWORD });
      expect(old.json<ApiErrorBody>().message).toBe(WRONG);
    }
    expect(
      (await phoneLogin(t.app, { phone: PHONE, verifyCode: second, password: PASSWORD })).statusCode,
    ).toBe(201);
  });

  it('caps the codes per phone per day', async () => {
    t = await buildSmsTestApp(dialect, { sms: { phoneDailyMax: 2 } }, { redis: true });
    await codeFor(t, PHONE);
    advance(61);
    await codeFor(t, PHONE);
    advance(61);
    const third = await sendCode(t.app, PHONE);
    expect(third.statusCode).toBe(429);
    expect(third.json<ApiErrorBody>().message).toBe(
      'Too many verification codes requested today. Please try again tomorrow.',
    );
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // Another phone from the same IP still gets one.
    expect((await sendCode(t.app, '13700137000')).statusCode).toBe(200);
  });

  it('caps the codes per IP per day, whatever the phones', async () => {
    t = await buildSmsTestApp(dialect, { sms: { ipDailyMax: 2 } }, { redis: true });
    expect((await sendCode(t.app, '13700000001', '203.0.113.5')).statusCode).toBe(200);
    expect((await sendCode(t.app, '13700000002', '203.0.113.5')).statusCode).toBe(200);
    const third = await sendCode(t.app, '13700000003', '203.0.113.5');
    expect(third.statusCode).toBe(429);
    expect((await sendCode(t.app, '13700000003', '198.51.100.7')).statusCode).toBe(200);
  });

  it("spends nothing of a phone's daily cap on requests its IP's cap refused", async () => {
    t = await buildSmsTestApp(dialect, { sms: { ipDailyMax: 1, phoneDailyMax: 2 } }, { redis: true });
    expect((await sendCode(t.app, '13700000001', '203.0.113.9')).statusCode).toBe(200);
    // The IP is spent: its requests naming the victim are refused, and must not count for the victim's phone.
    for (let i = 0; i < 5; i++) {
      const refused = await sendCode(t.app, PHONE, '203.0.113.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ApiErrorBody>().message).toBe(
        'Too many verification codes requested today. Please try again tomorrow.',
      );
    }
    expect(t.lines().filter((l) => l.smsPhone === PHONE)).toEqual([]);
    // The victim, from elsewhere, still gets the phone's two codes of the day, and not a third.
    await codeFor(t, PHONE, '198.51.100.1');
    advance(61);
    await codeFor(t, PHONE, '198.51.100.2');
    advance(61);
    expect((await sendCode(t.app, PHONE, '198.51.100.3')).statusCode).toBe(429);
  });

  it('sends no code to the phone of a banned account, and answers as for any phone', async () => {
    t = await buildSmsTestApp(dialect, { sms: { phoneDailyMax: 1 } }, { redis: true });
    const banned = '13900139001';
    const user = await newUserRow(t.database.db, { phone: banned, password: PASSWORD });
    await t.database.db
      .updateTable('users')
      .set({ banned_until: new Date(Date.now() + 3_600_000).toISOString() })
      .where('id', '=', user.id)
      .execute();
    const res = await sendCode(t.app, banned);
    const other = await sendCode(t.app, '13700137000');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(other.body);
    expect(t.lines().filter((l) => l.smsPhone === banned)).toEqual([]);
    expect(t.lines().filter((l) => l.smsPhone === '13700137000')).toHaveLength(1);
    // The 60 s wait holds as for a code sent, and the stored row is no usable code.
    expect((await sendCode(t.app, banned)).statusCode).toBe(429);
    const row = await t.database.db
      .selectFrom('sms_codes')
      .selectAll()
      .where('phone', '=', banned)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    // Nothing was sent, so the phone's one code of the day is still there once the ban ends.
    await t.database.db.updateTable('users').set({ banned_until: null }).where('id', '=', user.id).execute();
    advance(61);
    await codeFor(t, banned);
  });

  it('caps the codes of the whole site per day (SMS_DAILY_MAX), warning once at 80 %', async () => {
    t = await buildSmsTestApp(dialect, { sms: { siteDailyMax: 5 } }, { redis: true });
    const warnings = () =>
      t.lines().filter((l) => l.level === 40 && String(l.msg).includes('SMS_DAILY_MAX=5'));
    for (let i = 1; i <= 3; i++) await codeFor(t, `1370000000${i}`, `203.0.113.${i}`);
    expect(warnings()).toEqual([]);
    await codeFor(t, '13700000004', '203.0.113.4');
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({ smsSentToday: 4, smsDailyMax: 5 });
    await codeFor(t, '13700000005', '203.0.113.5');
    for (const ip of ['203.0.113.6', '203.0.113.7']) {
      const refused = await sendCode(t.app, '13700000006', ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ApiErrorBody>()).toMatchObject({
        code: 'RATE_LIMITED',
        message:
          'This site has sent all the verification codes it may send today. Please try again later, or sign in another way.',
        key: 'com_auth_verify_code_site_limit',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    }
    expect(t.lines().filter((l) => l.smsPhone === '13700000006')).toEqual([]);
    expect(warnings()).toHaveLength(1);
  });

  it('is refused when no SMS provider is set, and the startup config says so', async () => {
    t = await buildSmsTestApp(dialect, { sms: { transport: null } });
    const res = await sendCode(t.app, PHONE);
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiErrorBody>().message).toBe('Sign-in with an SMS code is not enabled on this server.');
    const login = await phoneLogin(t.app, { phone: PHONE, verifyCode: '123456' });
    expect(login.statusCode).toBe(403);
    const config = await t.app.inject({ method: 'GET', url: API.config });
    expect(config.json<{ smsEnabled: boolean }>().smsEnabled).toBe(false);
    await t.close();
    t = await buildSmsTestApp(dialect);
    const on = await t.app.inject({ method: 'GET', url: API.config });
    expect(on.json<{ smsEnabled: boolean }>().smsEnabled).toBe(true);
  });
});

describe.each(testDialects())('phone sign-in and registration (phoneLogin) on %s', (dialect) => {
  let t: SmsTestApp;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
  });

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

  it('with registration off refuses a new phone (code kept) and still signs an existing one in', async () => {
    t = await buildSmsTestApp(dialect, { auth: { allowRegistration: false } });
    const code = await codeFor(t, PHONE);
    const res = await phoneLogin(t.app, { phone: PHONE, verifyCode: code, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiErrorBody>()).toMatchObject({
      code: 'REGISTRATION_DISABLED',
      message: 'Registration is not allowed on this server.',
    });
    expect(await t.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
    await newUserRow(t.database.db, { phone: '13700137000', password: PASSWORD });
    const known = await codeFor(t, '13700137000');
    expect((await phoneLogin(t.app, { phone: '13700137000', verifyCode: known })).statusCode).toBe(200);
  });

  it('with sign-up limited to e-mail domains refuses a new phone (code kept) and signs an existing one in', async () => {
    t = await buildSmsTestApp(dialect, { auth: { allowedDomains: ['example.com'] } });
    const code = await codeFor(t, PHONE);
    const res = await phoneLogin(t.app, { phone: PHONE, verifyCode: code, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiErrorBody>()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Registration with this email domain is not allowed.',
    });
    expect(await t.database.db.selectFrom('users').selectAll().execute()).toEqual([]);
    await newUserRow(t.database.db, { phone: PHONE, password: PASSWORD });
    expect((await phoneLogin(t.app, { phone: PHONE, verifyCode: code })).statusCode).toBe(200);
  });

  it('scores a wrong code as a failed sign-in: a banned IP can neither ask for codes nor sign in', async () => {
    t = await buildSmsTestApp(dialect, { bans: { interval: 2 } });
    await newUserRow(t.database.db, { phone: PHONE, password: PASSWORD });
    const ip = '203.0.113.9';
    const code = await codeFor(t, PHONE, ip);
    expect((await phoneLogin(t.app, { phone: PHONE, verifyCode: wrongOf(code) }, ip)).statusCode).toBe(400);
    expect((await phoneLogin(t.app, { phone: PHONE, verifyCode: wrongOf(code) }, ip)).statusCode).toBe(400);
    const banned = await sendCode(t.app, '13700137000', ip);
    expect(banned.statusCode).toBe(403);
    expect(banned.json<ApiErrorBody>().code).toBe('BANNED');
    const login = await phoneLogin(t.app, { phone: PHONE, verifyCode: code }, ip);
    expect(login.statusCode).toBe(403);
    expect(login.json<ApiErrorBody>().code).toBe('BANNED');
    // Another address is not affected, and the code is still good there.
    expect((await phoneLogin(t.app, { phone: PHONE, verifyCode: code }, '198.51.100.1')).statusCode).toBe(
      200,
    );
  });

  it('is rate limited as password sign-in is: per address, and per phone from all addresses at the slower limit', async () => {
    t = await buildSmsTestApp(dialect, { rateLimits: { loginMax: 2, loginAccountMax: 4 } });
    const LIMITED = 'Too many login attempts in a short amount of time. Please try again later.';
    for (let i = 0; i < 2; i += 1) {
      expect((await phoneLogin(t.app, { phone: PHONE, verifyCode: '000000' })).statusCode).toBe(400);
    }
    const again = await phoneLogin(t.app, { phone: PHONE, verifyCode: '000000' });
    expect(again.statusCode).toBe(429);
    expect(again.json<ApiErrorBody>().message).toBe(LIMITED);
    // A stranger's guesses from one address do not stop the phone from another...
    for (const ip of ['198.51.100.2', '198.51.100.3']) {
      expect((await phoneLogin(t.app, { phone: PHONE, verifyCode: '000000' }, ip)).statusCode).toBe(400);
    }
    // ...until the phone's slower limit over all addresses is used up (failures count; the refused try did not).
    const everywhere = await phoneLogin(t.app, { phone: PHONE, verifyCode: '000000' }, '198.51.100.4');
    expect(everywhere.statusCode).toBe(429);
    expect(everywhere.json<ApiErrorBody>().message).toBe(LIMITED);
  });

  it('counts only wrong codes: right ones from one address, first-login asks included, are never refused', async () => {
    t = await buildSmsTestApp(dialect, { rateLimits: { loginMax: 2 } });
    const ip = '198.51.100.7';
    const answers = [];
    // Five new phones behind one address: each asks for its first-login password, then signs up (ten right codes).
    for (let i = 0; i < 5; i += 1) {
      const phone = `1380013801${i}`;
      const code = await codeFor(t, phone, ip);
      answers.push((await phoneLogin(t.app, { phone, verifyCode: code }, ip)).statusCode);
      answers.push((await phoneLogin(t.app, { phone, verifyCode: code, password: PASSWORD }, ip)).statusCode);
    }
    expect(answers).toEqual([400, 201, 400, 201, 400, 201, 400, 201, 400, 201]);
    for (let i = 0; i < 2; i += 1) {
      expect((await phoneLogin(t.app, { phone: PHONE, verifyCode: '000000' }, ip)).statusCode).toBe(400);
    }
    expect((await phoneLogin(t.app, { phone: PHONE, verifyCode: '000000' }, ip)).statusCode).toBe(429);
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
