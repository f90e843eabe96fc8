import { phoneNumberSchema, SMS_CODE } from '@parley/shared';
import { isApiError } from '../../lib/api-error';

// The phone form's rules that are not layout (docs/reference/accounts.md (Phone sign-in)), apart so they are tested
// without a browser.

/** Whether the phone field holds a number a code can go to (required, 11 digits). */
export const isValidPhone = (phone: string): boolean => phoneNumberSchema.safeParse(phone).success;

/** The send button works with a valid phone, when no countdown runs and no request is out. */
export function canSendCode(phone: string, secondsLeft: number, sending: boolean): boolean {
  return isValidPhone(phone) && secondsLeft <= 0 && !sending;
}

/**
 * Seconds to count down after a send: the server's wait when it refused with 429 (a code went out less than 60 s
 * ago, or a daily cap), else the full resend wait after a sent code; 0 after any other failure, so the user may
 * try again at once.
 */
export function countdownAfter(
  outcome: { ok: true; resendAfterSeconds?: number } | { ok: false; error: unknown },
): number {
  if (outcome.ok) return outcome.resendAfterSeconds ?? SMS_CODE.resendSeconds;
  const { error } = outcome;
  if (!isApiError(error) || error.status !== 429) return 0;
  const wait = Number(error.body?.details?.retryAfterSeconds);
  return Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : SMS_CODE.resendSeconds;
}

/** True when the server answered that this is a first login and a password must be set. */
export function asksForPassword(error: unknown): boolean {
  return isApiError(error) && error.body?.details?.passwordRequired === true;
}

/** The countdown on the send button, e.g. 59 → "59". Longer waits (a daily cap) show minutes too. */
export function countdownText(seconds: number): string {
  if (seconds < 120) return String(seconds);
  // Whole minutes rounded up first, so 7199 s reads 2h00m, never 1h60m.
  const total = Math.ceil(seconds / 60);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return hours > 0 ? `${hours}h${String(minutes).padStart(2, '0')}m` : `${minutes}m`;
}
