import { normalizeIP } from '@fastify/rate-limit';
import type { AppDeps } from '../../app-deps';
import type { RequestHook } from '../../lib/api-routes';
import { perMinutes, rateLimiterFactory, type RateLimiter } from '../../lib/rate-limit';
import { refuseOverLimit } from '../../lib/window-limits';
import { authUser } from '../auth/auth.guard';

export interface UploadLimiters {
  byIp: RateLimiter;
  byUser: RateLimiter;
}

/** The upload counters: one pair per app (app-services.ts), so the three upload routes count in the same windows. */
export function createUploadLimiters(deps: AppDeps): UploadLimiters {
  const limits = deps.config.files.uploadLimits;
  const make = rateLimiterFactory(deps.redis, deps.config.rateLimits.rateLimitPrefix);
  return {
    byIp: perMinutes(make, 'file-upload-ip', limits.ipMax, limits.ipWindowInMinutes),
    byUser: perMinutes(make, 'file-upload-user', limits.userMax, limits.userWindowInMinutes),
  };
}

/**
 * Counts each upload per IP and per user in fixed windows (ipMax, ipWindowInMinutes, userMax,
 * userWindowInMinutes: docs/reference/limits.md (Upload limits)) and refuses the (max+1)th in a window with
 * RATE_LIMITED, `Retry-After` and, as the message, the JSON the web reads ({type: 'file_upload_limit', max,
 * windowInMinutes}). Runs after the auth guard and before the body is read, so a refused upload costs no bandwidth past
 * its headers.
 */
export function uploadLimitsPreHandler(deps: AppDeps, limiters: UploadLimiters): RequestHook {
  const limits = deps.config.files.uploadLimits;
  const { byIp, byUser } = limiters;
  return async (request, reply) => {
    // IPv6 clients are counted per /64, as the login and message limits do.
    const [ip, user] = await Promise.all([
      byIp.hit(normalizeIP(request.ip)),
      byUser.hit(authUser(request).id),
    ]);
    refuseOverLimit(
      reply,
      [
        { check: ip, max: limits.ipMax, windowInMinutes: limits.ipWindowInMinutes },
        { check: user, max: limits.userMax, windowInMinutes: limits.userWindowInMinutes },
      ],
      'file_upload_limit',
    );
  };
}
