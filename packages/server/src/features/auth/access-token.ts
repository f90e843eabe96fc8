import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@parley/shared';

const ALGORITHM = 'HS256';

export interface AccessTokenOptions {
  /** Defaults to 15 minutes; tests pass a negative value to make an already expired token. */
  expiresInSeconds?: number;
  /** Seconds since the epoch; defaults to now. */
  nowSeconds?: number;
}

const keyOf = (secret: string): Uint8Array => new TextEncoder().encode(secret);

/**
 * A short-lived bearer token: HS256, `sub` = user id, `sid` = the session it was issued for (the guard refuses it
 * once that session is gone: docs/reference/accounts.md (Hardening)), a fresh `jti`.
 */
export function signAccessToken(
  secret: string,
  userId: string,
  sessionId: string,
  options: AccessTokenOptions = {},
): Promise<string> {
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const ttl = options.expiresInSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + ttl)
    .sign(keyOf(secret));
}

/**
 * The user id, session id and expiry (ms since the epoch; null when the token has no `exp`, which signAccessToken
 * never makes) of a valid, unexpired token, or null for anything else, a token without a session included (made
 * before tokens named theirs: the client refreshes it).
 */
export async function verifyAccessTokenClaims(
  secret: string,
  token: string,
): Promise<{ userId: string; sessionId: string; expiresAtMs: number | null } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALGORITHM] });
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) return null;
    if (typeof payload.sid !== 'string' || payload.sid.length === 0) return null;
    return {
      userId: payload.sub,
      sessionId: payload.sid,
      expiresAtMs: typeof payload.exp === 'number' ? payload.exp * 1000 : null,
    };
  } catch {
    return null;
  }
}
