import type { FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { AUTH_MESSAGES } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { unavailableServiceOf } from '../../lib/unavailable';
import { nowIso } from '../../lib/clock';
import { assertNotBanned } from '../users/users.service';
import { findUserOfSession } from './sessions.repository';
import type { UserRow } from '../users/users.table';
import { verifyAccessTokenClaims } from './access-token';
import type { Violations } from '../bans/violations';
import type { VerifiedTokenCache } from './verified-token-cache';

/** Who made an authenticated request: the user id and the row as it is now. */
export interface AuthUser {
  id: string;
  row: UserRow;
  /** The session the access token was issued for (a password change keeps it and ends the others). */
  sessionId: string;
  /** When the request's access token expires (ms since the epoch); a connection kept open ends then. */
  expiresAtMs?: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth`; read it with `authUser(request)`. */
    authUser?: AuthUser;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The user and session ids of a valid, unexpired access token (from the cache when this exact token was verified
 * before). The cache is the app's (app-services.ts), shared by every route's guard.
 */
export async function tokenClaims(
  deps: AppDeps,
  cache: VerifiedTokenCache,
  token: string,
): Promise<{ userId: string; sessionId: string; expiresAtMs: number | null } | null> {
  const hit = cache.get(token);
  if (hit) return hit;
  const verified = await verifyAccessTokenClaims(deps.config.secrets.jwtSecret, token);
  if (!verified) return null;
  const { userId, sessionId, expiresAtMs } = verified;
  if (expiresAtMs !== null) cache.set(token, { userId, sessionId, expiresAtMs });
  return { userId, sessionId, expiresAtMs };
}

/**
 * A request hook that admits only a valid, unexpired `Authorization: Bearer <jwt>` of an existing, unbanned user
 * whose session (the token's `sid`) is still live (401 UNAUTHORIZED, or 403 BANNED). The user row is loaded with its
 * session on every request (one primary-key read joined to one primary-key read), so a deleted or banned account, a
 * session signed out or ended by a password reset, is shut out at once rather than when its 15-minute token runs out
 * (docs/reference/accounts.md (Hardening)). The signature check is cached per token until its `exp`
 * (verified-token-cache.ts); the user row and the session are not.
 *
 * A banned IP is refused the same 403 BANNED, whichever account it signs in with (docs/reference/accounts.md (Bans)).
 *
 * Plugins add it as a `preValidation` hook (`app.addHook('preValidation', requireAuth(deps, services))`), so it runs before
 * the route table's schemas look at the request: a signed-out request is a 401 whatever it sent.
 */
export function requireAuth(
  deps: AppDeps,
  services: { tokenCache: VerifiedTokenCache; violations: Violations },
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const claims = match?.[1] ? await tokenClaims(deps, services.tokenCache, match[1]) : null;
    if (!claims) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized);
    const row = await findUserOfSession(deps.database.db, claims.userId, claims.sessionId, nowIso());
    if (!row) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized);
    assertNotBanned(row);
    await ipAllowedUnlessRedisIsDown(services.violations, normalizeIP(request.ip));
    request.authUser = { id: row.id, row, sessionId: claims.sessionId, expiresAtMs: claims.expiresAtMs };
  };
}

/**
 * The IP ban, read from Redis when the app has it. During a Redis outage a signed-in call goes on unchecked for it
 * (docs/decisions.md, "Outages": reads do not need Redis and keep working): the user's own ban is in the database and
 * still applies, and sign-in, sign-up and sends fail closed through their rate limits, so an outage opens nothing an
 * IP ban is there to stop.
 */
export async function ipAllowedUnlessRedisIsDown(violations: Violations, ip: string): Promise<void> {
  try {
    await violations.assertIpAllowed(ip);
  } catch (error) {
    if (unavailableServiceOf(error) !== 'redis') throw error;
  }
}

/** The signed-in user of a request that went through `requireAuth`; a route without the guard gets a 401. */
export function authUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized);
  return request.authUser;
}
