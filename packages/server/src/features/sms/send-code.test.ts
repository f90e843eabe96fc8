import { describe, expect, it } from 'vitest';
import { API, type ApiErrorBody, type SendVerifyCodeResult } from '@parley/shared';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUserRow } from '../../../test/factories.test-helpers';
import { advance, closeAfterEach, codeFor, PASSWORD, PHONE, WRONG } from './phone-login.test-helpers';
import { buildSmsTestApp, phoneLogin, sendCode, type SmsTestApp } from './sms.test-helpers';

// Sending sign-in codes (POST sendVerifyCode): the phone rule, the 60 s wait, and the daily caps per phone, per IP
// and for the whole site. A banned account's phone is in phone-login.refusals.test.ts.

const SENT = 'A verification code has been sent to this phone number. It is valid for 5 minutes.';

describe.each(testDialects())('SMS codes (sendVerifyCode) on %s', (dialect) => {
  let t: SmsTestApp;
  closeAfterEach(() => t);

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
