import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, REFRESH_TOKEN_TTL_SECONDS, type PublicUser } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { isoIn, nowIso } from '../../lib/clock';
import { findUserById } from '../users/users.repository';
import { assertNotBanned, toPublicUser } from '../users/users.service';
import type { UserRow } from '../users/users.table';
import type { SessionRow } from './sessions.table';
import { signAccessToken } from './access-token';
import {
  formatRefreshToken,
  hashRefreshSecret,
  newRefreshSecret,
  parseRefreshToken,
  refreshSecretMatches,
} from './refresh-token';
import {
  deleteExpiredSessions,
  deleteSession,
  findSessionById,
  insertSession,
  rotateSessionHash,
} from './sessions.repository';

/**
 * What a sign-in, a registration or a refresh hands the route: the body's token and user, and the cookie's value
 * (null when the browser's cookie must stay as it is).
 */
export interface SignedIn {
  token: string;
  user: PublicUser;
  refreshToken: string | null;
}

/**
 * Tabs of one browser share the cookie jar, so tabs that refresh at the same moment present the same secret. For
 * this long after a rotation the secret it replaced still gets an access token, but no new cookie: the jar
 * already receives the new secret from the refresh that rotated. Later, the old secret is reuse.
 */
export const ROTATION_GRACE_SECONDS = 10;

/** A sign-in or registration always opens a session, so it always sets the cookie. */
export type NewSession = SignedIn & { refreshToken: string };

export interface SessionMeta {
  userAgent: string | null;
}

const expired = () => new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired);
const invalid = () => new AppError('FORBIDDEN', AUTH_MESSAGES.sessionInvalid);

/** Opens a new session (one row per signed-in device) for a user whose credentials were just checked. */
export async function startSession(deps: AppDeps, user: UserRow, meta: SessionMeta): Promise<NewSession> {
  const { db } = deps.database;
  const now = nowIso();
  await deleteExpiredSessions(db, user.id, now);
  const sessionId = randomUUID();
  const secret = newRefreshSecret();
  await insertSession(db, {
    id: sessionId,
    user_id: user.id,
    token_hash: hashRefreshSecret(deps.config.secrets.jwtRefreshSecret, secret),
    user_agent: meta.userAgent?.slice(0, 255) ?? null,
    expires_at: isoIn(REFRESH_TOKEN_TTL_SECONDS),
    created_at: now,
    last_used_at: now,
  });
  const refreshToken = formatRefreshToken({ sessionId, secret });
  return { ...(await signedIn(deps, user, sessionId, refreshToken)), refreshToken };
}

/**
 * Rotates the session named by the refresh token: a new secret, a new 7-day window, a new access token. A secret
 * that is not the session's current one (an already rotated token presented again) is reuse: the session is
 * deleted, so the current token of that session stops working too. A value that is not a refresh token at all is
 * 403 FORBIDDEN; one that names no live session is 401 UNAUTHORIZED (the route answers the caller without a
 * cookie itself).
 */
export async function refreshSession(deps: AppDeps, cookieValue: string): Promise<SignedIn> {
  const { db } = deps.database;
  const key = deps.config.secrets.jwtRefreshSecret;
  const presented = parseRefreshToken(cookieValue);
  if (!presented) throw invalid();
  const session = await findSessionById(db, presented.sessionId);
  if (!session) throw expired();
  const isCurrent = refreshSecretMatches(key, presented.secret, session.token_hash);
  if (!isCurrent && !withinGrace(key, presented.secret, session)) {
    await deleteSession(db, session.id);
    throw expired();
  }
  if (session.expires_at <= nowIso()) {
    await deleteSession(db, session.id);
    throw expired();
  }
  const user = await findUserById(db, session.user_id);
  if (!user) throw expired();
  assertNotBanned(user);
  if (!isCurrent) return signedIn(deps, user, session.id, null);
  const secret = newRefreshSecret();
  const won = await rotateSessionHash(db, session.id, session.token_hash, {
    token_hash: hashRefreshSecret(key, secret),
    expires_at: isoIn(REFRESH_TOKEN_TTL_SECONDS),
    last_used_at: nowIso(),
  });
  // Another refresh rotated this secret between our read and our write: a concurrent tab, inside the grace.
  if (!won) return signedIn(deps, user, session.id, null);
  return signedIn(deps, user, session.id, formatRefreshToken({ sessionId: session.id, secret }));
}

/** Ends the session the cookie names, if any. Only the session id is read: logging out needs no valid secret. */
export async function endSession(deps: AppDeps, cookieValue: string | undefined): Promise<void> {
  const presented = parseRefreshToken(cookieValue);
  if (presented) await deleteSession(deps.database.db, presented.sessionId);
}

function withinGrace(key: string, secret: string, session: SessionRow): boolean {
  if (!session.previous_hash || !session.rotated_at) return false;
  const age = Date.now() - Date.parse(session.rotated_at);
  return age <= ROTATION_GRACE_SECONDS * 1000 && refreshSecretMatches(key, secret, session.previous_hash);
}

async function signedIn(
  deps: AppDeps,
  user: UserRow,
  sessionId: string,
  refreshToken: string | null,
): Promise<SignedIn> {
  const token = await signAccessToken(deps.config.secrets.jwtSecret, user.id, sessionId);
  return { token, user: toPublicUser(deps.config, user), refreshToken };
}
