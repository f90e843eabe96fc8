import { afterEach, expect, vi } from 'vitest';
import { sendCode, type SmsTestApp } from './sms.test-helpers';

// What the phone sign-in tests (send-code, phone-login, phone-login.refusals) share: one phone, a password good
// enough for a first login, the wrong-code answer, and the moves they make with the clock and the codes.

export const PHONE = '13800138000';
export const PASSWORD = 'a good new password';
export const WRONG = 'The verification code is incorrect.';

/** Moves the clock (Date only) forward; the database rows and the in-memory limiters read it. */
export function advance(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + seconds * 1000 });
}

/** Closes the test's app after each test, and puts back the real clock that advance() replaced. */
export function closeAfterEach(app: () => SmsTestApp | undefined) {
  afterEach(async () => {
    vi.useRealTimers();
    await app()?.close();
  });
}

/** A code for the phone, asked and read from the log transport's line. */
export async function codeFor(t: SmsTestApp, phone: string, ip?: string): Promise<string> {
  const res = await sendCode(t.app, phone, ip);
  expect(res.statusCode, res.body).toBe(200);
  return t.codeFor(phone);
}

/** A 6-digit code that is not `code`. */
export const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
