import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A refresh token is `<session id>.<secret>`. The id finds the row; the row keeps only an HMAC of the secret
 * (keyed with the refresh secret), so a stolen database copy holds nothing a client could present.
 */
export interface RefreshToken {
  sessionId: string;
  secret: string;
}

export const newRefreshSecret = (): string => randomBytes(32).toString('base64url');

export const formatRefreshToken = (t: RefreshToken): string => `${t.sessionId}.${t.secret}`;

export function parseRefreshToken(value: string | undefined): RefreshToken | null {
  if (!value) return null;
  const dot = value.indexOf('.');
  if (dot <= 0 || dot === value.length - 1) return null;
  const sessionId = value.slice(0, dot);
  const secret = value.slice(dot + 1);
  if (sessionId.length > 64 || secret.length > 128) return null;
  return { sessionId, secret };
}

export function hashRefreshSecret(key: string, secret: string): string {
  return createHmac('sha256', key).update(secret).digest('hex');
}

export function refreshSecretMatches(key: string, secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashRefreshSecret(key, secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
