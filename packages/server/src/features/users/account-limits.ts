import type { FastifyReply } from 'fastify';
import { AUTH_MESSAGES } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { rateLimiterFactory, type RateLimiter } from '../../lib/rate-limit';
import { refuseIfOver } from '../auth/auth-rate-limits';

/** The i18n key of the account page's 429s. */
export const RATE_KEY = 'com_ui_account_rate_limited';

/** The limits of the account page's calls (docs/reference/accounts.md (The account page)). */
export interface AccountLimits {
  /**
   * Guesses of the account's password (a password change, a deletion) per user: LOGIN_MAX wrong ones per
   * LOGIN_WINDOW, so a session someone else got hold of cannot try passwords without end. A right password does not
   * count.
   */
  passwordTries: RateLimiter;
  /** Binding links mailed per user: LOGIN_MAX per LOGIN_WINDOW, so nobody fills a mailbox from the account page. */
  emailLinks: RateLimiter;
}

export function createAccountLimits(deps: AppDeps): AccountLimits {
  const limits = deps.config.rateLimits;
  const make = rateLimiterFactory(deps.redis, limits.rateLimitPrefix);
  const windowMs = limits.loginWindowMinutes * 60_000;
  return {
    passwordTries: make({ name: 'account-password', max: limits.loginMax, windowMs }),
    emailLinks: make({ name: 'account-email', max: limits.loginMax, windowMs }),
  };
}

/**
 * Runs `check` (which throws on a wrong password) as one counted try of the user's password: refused with 429 past
 * the limit, and the try given back when the password was right, so only wrong ones count.
 */
export async function countedPasswordTry(
  limits: AccountLimits,
  userId: string,
  reply: FastifyReply,
  check: () => Promise<void>,
): Promise<void> {
  refuseIfOver([await limits.passwordTries.hit(userId)], reply, AUTH_MESSAGES.accountRateLimited, RATE_KEY);
  await check();
  await limits.passwordTries.undo(userId);
}
