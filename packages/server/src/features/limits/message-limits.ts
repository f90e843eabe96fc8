import type { FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { RequestHook } from '../../lib/api-routes';
import type { RateLimiter } from '../../lib/rate-limit';
import { refuseOverLimit, type WindowCheck } from '../../lib/window-limits';
import { authUser } from '../auth/auth.guard';
import type { Violations } from '../bans/violations';
import type { LimitStores } from './limit-stores';

/**
 * Counts each message request per IP (LIMIT_MESSAGE_IP) and per user (LIMIT_MESSAGE_USER) in fixed windows and
 * refuses the (max+1)th in a window with RATE_LIMITED (`message_limit`, the message text being the JSON the web
 * reads) and `Retry-After`. Every request counts, refused ones too, and each refusal is a violation. Runs after the
 * auth guard.
 */
export function messageLimitsPreHandler(stores: LimitStores, violations: Violations): RequestHook {
  const { limits, messageByIp, messageByUser } = stores;
  const count = async (limiter: RateLimiter, key: string, max: number, windowInMinutes: number) => ({
    check: await limiter.hit(key),
    max,
    windowInMinutes,
  });
  return async (request, reply) => {
    // Read before counting anything, so an unauthenticated request counts nowhere.
    const userId = limits.limitMessageUser ? authUser(request).id : null;
    const pending: Promise<WindowCheck>[] = [];
    if (limits.limitMessageIp) {
      pending.push(count(messageByIp, ipKey(request), limits.messageIpMax, limits.messageIpWindowMinutes));
    }
    if (userId !== null) {
      pending.push(count(messageByUser, userId, limits.messageUserMax, limits.messageUserWindowMinutes));
    }
    const checks = await Promise.all(pending);
    if (checks.every((c) => c.check.allowed)) return;
    // A refused send is a violation of the user (when signed in) and the IP (docs/reference/accounts.md (Bans)).
    await violations.record('message', { ip: ipKey(request), userId: request.authUser?.id ?? null });
    refuseOverLimit(reply, checks, 'message_limit');
  };
}

// IPv6 clients are counted per /64, as the login limits do.
const ipKey = (request: FastifyRequest): string => normalizeIP(request.ip);
