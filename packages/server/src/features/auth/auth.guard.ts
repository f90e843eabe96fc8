import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AUTH_MESSAGES } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { getActiveUser } from '../users/users.service';
import type { UserRow } from '../users/users.table';
import { verifyAccessToken } from './access-token';

/** Who made an authenticated request: the user id and the row as it is now. */
export interface AuthUser {
  id: string;
  row: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth`; read it with `authUser(request)`. */
    authUser?: AuthUser;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * A preHandler that admits only a valid, unexpired `Authorization: Bearer <jwt>` of an existing, unbanned user
 * (401 UNAUTHORIZED, or 403 BANNED). The user row is loaded on every request (one primary-key read), so a deleted
 * or banned account is shut out at once rather than when its 15-minute token runs out.
 *
 *   app.get('/api/thing', { preHandler: requireAuth(deps) }, async (request) => authUser(request).id)
 *
 * or for a whole plugin: `app.addHook('preHandler', requireAuth(deps))`.
 */
export function requireAuth(deps: AppDeps): preHandlerAsyncHookHandler {
  const secret = deps.config.secrets.jwtSecret;
  return async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const userId = match?.[1] ? await verifyAccessToken(secret, match[1]) : null;
    if (!userId) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized);
    const row = await getActiveUser(deps.database.db, userId);
    request.authUser = { id: row.id, row };
  };
}

/** The signed-in user of a request that went through `requireAuth`; a route without the guard gets a 401. */
export function authUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized);
  return request.authUser;
}
