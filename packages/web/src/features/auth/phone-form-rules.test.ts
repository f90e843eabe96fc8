import { describe, expect, it } from 'vitest';
import { phoneLoginSchema, phoneLoginWithPasswordSchema } from '@parley/shared';
import { ApiError } from '../../lib/api-error';
import {
  asksForPassword,
  canSendCode,
  countdownAfter,
  countdownText,
  isValidPhone,
} from './phone-form-rules';

/** The first message of each field, as the form shows it. */
function issues(result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[String(issue.path[0])] ??= issue.message;
  return first;
}

describe('the phone form (docs/reference/accounts.md (Phone sign-in))', () => {
  it('says phone required, phone must be 11 digits, code required', () => {
    expect(issues(phoneLoginSchema.safeParse({ phone: '', verifyCode: '' }))).toEqual({
      phone: 'com_auth_phone_required',
      verifyCode: 'com_auth_verify_code_required',
    });
    expect(issues(phoneLoginSchema.safeParse({ phone: '1380013800', verifyCode: '1' }))).toEqual({
      phone: 'com_auth_phone_length',
    });
    expect(issues(phoneLoginSchema.safeParse({ phone: '1380013800x', verifyCode: '1' }))).toEqual({
      phone: 'com_auth_phone_length',
    });
    expect(phoneLoginSchema.safeParse({ phone: '138 0013 8000', verifyCode: '123456' }).success).toBe(true);
  });

  it('requires the password, 8 to 127 characters, once the server asked for it', () => {
    const base = { phone: '13800138000', verifyCode: '123456' };
    expect(phoneLoginSchema.safeParse(base).success).toBe(true);
    expect(issues(phoneLoginWithPasswordSchema.safeParse({ ...base, password: '' }))).toEqual({
      password: 'com_auth_password_required',
    });
    expect(issues(phoneLoginWithPasswordSchema.safeParse({ ...base, password: 'short' }))).toEqual({
      password: 'com_auth_password_min_length',
    });
    expect(phoneLoginWithPasswordSchema.safeParse({ ...base, password: 'long enough' }).success).toBe(true);
  });

  it('enables the send button only for a valid phone, outside a countdown, with no request out', () => {
    expect(isValidPhone('13800138000')).toBe(true);
    expect(canSendCode('', 0, false)).toBe(false);
    expect(canSendCode('1380013800', 0, false)).toBe(false);
    expect(canSendCode('13800138000', 0, false)).toBe(true);
    expect(canSendCode('13800138000', 12, false)).toBe(false);
    expect(canSendCode('13800138000', 0, true)).toBe(false);
  });

  it("counts down 60 s after a send, or the server's wait after a 429, and not after other failures", () => {
    expect(countdownAfter({ ok: true, resendAfterSeconds: 60 })).toBe(60);
    expect(countdownAfter({ ok: true })).toBe(60);
    const wait = new ApiError(429, 'wait', {
      code: 'RATE_LIMITED',
      message: 'wait',
      details: { retryAfterSeconds: 37 },
    });
    expect(countdownAfter({ ok: false, error: wait })).toBe(37);
    expect(countdownAfter({ ok: false, error: new ApiError(429, 'wait', null) })).toBe(60);
    expect(countdownAfter({ ok: false, error: new ApiError(502, 'failed', null) })).toBe(0);
    expect(countdownAfter({ ok: false, error: new Error('offline') })).toBe(0);
  });

  it('reads the first-login answer, and shows long waits in minutes', () => {
    const first = new ApiError(400, 'first', {
      code: 'VALIDATION',
      message: 'first',
      details: { passwordRequired: true },
    });
    expect(asksForPassword(first)).toBe(true);
    expect(asksForPassword(new ApiError(400, 'wrong', { code: 'VALIDATION', message: 'wrong' }))).toBe(false);
    expect(countdownText(59)).toBe('59');
    expect(countdownText(600)).toBe('10m');
    expect(countdownText(3 * 3600 + 60)).toBe('3h01m');
    expect(countdownText(7199)).toBe('2h00m');
    expect(countdownText(86399)).toBe('24h00m');
  });
});
