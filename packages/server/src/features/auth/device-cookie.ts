import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { AppConfig } from '../../config/config.types';
import { findUserById } from '../users/users.repository';
import type { UserRow } from '../users/users.table';

/**
 * A browser that signed in to an account before (docs/reference/accounts.md (Hardening)): the slower per-account
 * sign-in limit does not hold it back, so a stranger who runs an account's limit out does not lock its owner out of
 * the browsers they use. `<userId>.<nonce>.<mac>`, the MAC an HMAC under JWT_REFRESH_SECRET of the first two and
 * of the account's password hash as it was then: the server alone can make one, it names the account it was made
 * for, and a new password (a reset, say, after someone else got in) ends every pass given before it. It proves only
 * "this browser signed in to this account since its password was last set"; the password is still checked, and the
 * per-address limits still apply.
 */
export const DEVICE_COOKIE = 'parleyDevice';
const COOKIE_PATH = '/api/auth';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

type DeviceAccount = Pick<UserRow, 'id' | 'password_hash'>;

const macOf = (config: AppConfig, user: DeviceAccount, nonce: string): string =>
  createHmac('sha256', config.secrets.jwtRefreshSecret)
    .update(`parley-device:${user.id}.${nonce}.${user.password_hash ?? ''}`)
    .digest('base64url');

/** Marks the browser as known to this user; set on every sign-in (the newest account wins). */
export async function setDeviceCookie(reply: FastifyReply, deps: AppDeps, userId: string): Promise<void> {
  const user = await findUserById(deps.database.db, userId);
  if (!user) return;
  const nonce = randomBytes(12).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${user.id}.${nonce}.${macOf(deps.config, user, nonce)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.config.auth.secureCookies,
    path: COOKIE_PATH,
    maxAge: MAX_AGE_SECONDS,
  });
}

/** Whether the request carries a device cookie at all (checking it needs the account's row). */
export const hasDeviceCookie = (request: FastifyRequest): boolean => Boolean(request.cookies[DEVICE_COOKIE]);

/** Whether the request's device cookie was made for this user, under their current password. */
export function isDeviceOf(request: FastifyRequest, config: AppConfig, user: DeviceAccount): boolean {
  const parts = request.cookies[DEVICE_COOKIE]?.split('.');
  if (parts?.length !== 3) return false;
  const [userId, nonce, mac] = parts as [string, string, string];
  if (userId !== user.id || !nonce) return false;
  const expected = Buffer.from(macOf(config, user, nonce));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
