import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.types';

/**
 * A browser that signed in to an account before (docs/reference/accounts.md (Hardening)): the slower per-account
 * sign-in limit does not hold it back, so a stranger who runs an account's limit out does not lock its owner out of
 * the browsers they use. `<userId>.<nonce>.<mac>`, the MAC an HMAC of the first two under JWT_REFRESH_SECRET: the
 * server alone can make one, and it names the account it was made for. It proves only "this browser signed in to
 * this account once"; the password is still checked, and the per-address limits still apply.
 */
export const DEVICE_COOKIE = 'parleyDevice';
const COOKIE_PATH = '/api/auth';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const macOf = (config: AppConfig, userId: string, nonce: string): string =>
  createHmac('sha256', config.secrets.jwtRefreshSecret)
    .update(`parley-device:${userId}.${nonce}`)
    .digest('base64url');

/** Marks the browser as known to this user; set on every sign-in (the newest account wins). */
export function setDeviceCookie(reply: FastifyReply, config: AppConfig, userId: string): void {
  const nonce = randomBytes(12).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${userId}.${nonce}.${macOf(config, userId, nonce)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.auth.secureCookies,
    path: COOKIE_PATH,
    maxAge: MAX_AGE_SECONDS,
  });
}

/** The user id the request's device cookie was made for, or null (none, malformed or forged). */
export function knownDeviceUserId(request: FastifyRequest, config: AppConfig): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 3) return null;
  const [userId, nonce, mac] = parts as [string, string, string];
  if (!userId || !nonce) return null;
  const expected = Buffer.from(macOf(config, userId, nonce));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
