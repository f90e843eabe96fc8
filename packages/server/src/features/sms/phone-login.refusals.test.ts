import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@parley/shared';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUserRow } from '../../../test/factories.test-helpers';
import { advance, closeAfterEach, codeFor, PASSWORD, PHONE, wrongOf } from './phone-login.test-helpers';
import { buildSmsTestApp, phoneLogin, sendCode, type SmsTestApp } from './sms.test-helpers';

// Who phone sign-in refuses: a banned account's phone gets no code, a banned IP neither codes nor sign-in, a new
// phone no account while registration is closed, and wrong codes are rate limited as password sign-in is.

describe.each(testDialects())('SMS codes (sendVerifyCode) on %s', (dialect) => {
  let t: SmsTestApp;
  closeAfterEach(() => t);

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
});

describe.each(testDialects())('phone sign-in and registration (phoneLogin) on %s', (dialect) => {
  let t: SmsTestApp;
  closeAfterEach(() => t);

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
});
