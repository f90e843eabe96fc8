import type { FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { AUTH_MESSAGES } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { findUserById } from '../users/users.repository';
import { DEVICE_COOKIE, isDeviceOf } from './device-cookie';

/**
 * Where a sign-up comes from: its address, as the rate limits and bans count it (an IPv6 client by its /64), and the
 * account the browser signed in to before, named by a valid known-device cookie. Kept on the new account
 * (`signup_ip`, `signup_device_of`), so the operator sees an invite chain made from one place
 * (docs/reference/commerce.md (Invites and cash-back)).
 */
export interface SignUpOrigin {
  ip: string;
  deviceOf: string | null;
}

export async function signUpOriginOf(request: FastifyRequest, deps: AppDeps): Promise<SignUpOrigin> {
  return { ip: normalizeIP(request.ip), deviceOf: await deviceAccountOf(request, deps) };
}

/** The account a valid device cookie was made for; a forged or stale one names nobody. */
async function deviceAccountOf(request: FastifyRequest, deps: AppDeps): Promise<string | null> {
  const userId = request.cookies[DEVICE_COOKIE]?.split('.')[0];
  if (!userId) return null;
  const user = await findUserById(deps.database.db, userId);
  return user && isDeviceOf(request, deps.config, user) ? user.id : null;
}

/**
 * A banned account's address makes no new account while the ban lasts (docs/reference/accounts.md (Bans)): the
 * address a violation ban was applied from, and the address the banned account was made from. Read from the
 * accounts' rows, so it holds on every instance and through restarts, and for bans an operator applied.
 */
export async function assertNoBannedAccountAt(db: Db, ip: string): Promise<void> {
  const banned = await db
    .selectFrom('users')
    .select('id')
    .where('banned_until', '>', nowIso())
    .where((eb) => eb.or([eb('signup_ip', '=', ip), eb('banned_ip', '=', ip)]))
    .limit(1)
    .executeTakeFirst();
  if (banned) throw new AppError('BANNED', AUTH_MESSAGES.banned);
}
