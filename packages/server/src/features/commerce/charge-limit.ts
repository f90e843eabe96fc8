import type { AppDeps } from '../../app-deps';
import type { RequestHook } from '../../lib/api-routes';
import { AppError } from '../../lib/app-error';
import { perMinutes, rateLimiterFactory } from '../../lib/rate-limit';
import { authUser } from '../auth/auth.guard';

/**
 * Counts each `POST /api/charge` per user in fixed windows (CHARGE_USER_MAX per CHARGE_USER_WINDOW minutes,
 * docs/reference/commerce.md (Orders and payment)) and refuses the (max+1)th with RATE_LIMITED and `Retry-After`
 * before any order is written or any payment provider called: every order starts a session at the provider. The
 * message is words, not JSON: the recharge dialog shows it as it is. Runs after the auth guard.
 */
export function chargeLimitHook(deps: AppDeps): RequestHook {
  const { userMax, userWindowMinutes } = deps.config.shop.chargeLimits;
  const make = rateLimiterFactory(deps.redis, deps.config.rateLimits.rateLimitPrefix);
  const byUser = perMinutes(make, 'charge-user', userMax, userWindowMinutes);
  return async (request, reply) => {
    const check = await byUser.hit(authUser(request).id);
    if (check.allowed) return;
    reply.header('retry-after', String(check.retryAfterSeconds));
    throw new AppError(
      'RATE_LIMITED',
      `Too many orders: at most ${userMax} in ${userWindowMinutes} minutes. ` +
        `Try again in ${Math.ceil(check.retryAfterSeconds / 60)} minutes.`,
      { max: userMax, windowInMinutes: userWindowMinutes },
    );
  };
}
