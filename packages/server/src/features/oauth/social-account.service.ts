import { randomUUID } from 'node:crypto';
import { FIELD_LIMITS } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { findUserByEmail } from '../users/users.repository';
import type { NewUserRow, UserRow } from '../users/users.table';
import { isBanned } from '../users/users.service';
import {
  insertWithFreshInviteCode,
  inviterColumns,
  isDomainAllowed,
  newInviteCode,
} from '../auth/register.service';
import { grantRegistrationGift } from '../balance/registration-gift';
import type { ProviderDefinition, ProviderIdColumn, SocialProfile } from './providers/provider';
import { SocialLoginFailure } from './social-login-failure';
import { assertNoBannedAccountAt, type SignUpOrigin } from '../auth/signup-origin';

/** What a sign-up through a provider carries besides the profile: the invite link's code and where it comes from. */
export interface SocialSignUp {
  inviteCode: string | undefined;
  origin: SignUpOrigin;
}

/**
 * The account a provider's user signs in to (docs/reference/accounts.md (Social sign-in)): the one already linked
 * to this provider id; else the one with the same e-mail, linked now, when both the provider and this server have
 * verified that e-mail; else a new account, when social registration is on. A banned account goes no further.
 */
export async function accountForProfile(
  deps: AppDeps,
  provider: ProviderDefinition,
  profile: SocialProfile,
  signUp: SocialSignUp,
): Promise<UserRow> {
  const { db } = deps.database;
  const user =
    (await findByProviderId(db, provider.idColumn, profile.id)) ??
    (await linkByEmail(deps, provider.idColumn, profile)) ??
    (await createAccount(deps, provider, profile, signUp));
  if (isBanned(user)) throw new SocialLoginFailure('banned', 'The account is banned');
  return user;
}

function findByProviderId(db: Db, column: ProviderIdColumn, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where(column, '=', id).executeTakeFirst();
}

/**
 * Links the provider id to the account that has the profile's e-mail. Only an e-mail verified on both sides links.
 * The provider's flag: anyone can type any address into a provider's profile, and linking on it would hand them the
 * account. The account's own `email_verified` (set by an activation link, a mailed reset link, or a provider that
 * verified it): anyone can sign up here with someone else's address and a password of their choosing, and linking
 * would hand the owner an account its maker still signs in to, with whatever keys and settings they left in it.
 * Such an account is refused, not taken over (docs/decisions.md, "Social sign-in links only verified accounts").
 */
async function linkByEmail(
  deps: AppDeps,
  column: ProviderIdColumn,
  profile: SocialProfile,
): Promise<UserRow | undefined> {
  const { db } = deps.database;
  if (!profile.email) return undefined;
  const existing = await findUserByEmail(db, profile.email);
  if (!existing) return undefined;
  if (!profile.emailVerified) {
    throw new SocialLoginFailure(
      'email_not_verified',
      'An account has this e-mail; the provider has not verified it',
    );
  }
  if (!existing.email_verified) {
    throw new SocialLoginFailure(
      'account_not_verified',
      'An account has this e-mail; nobody has proved the address to this server',
    );
  }
  await db
    .updateTable('users')
    .set({ [column]: profile.id, updated_at: nowIso() })
    .where('id', '=', existing.id)
    .execute();
  return db.selectFrom('users').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
}

async function createAccount(
  deps: AppDeps,
  provider: ProviderDefinition,
  profile: SocialProfile,
  { inviteCode, origin }: SocialSignUp,
): Promise<UserRow> {
  const { auth } = deps.config;
  if (!auth.allowSocialRegistration) {
    throw new SocialLoginFailure('registration_closed', 'ALLOW_SOCIAL_REGISTRATION is off');
  }
  // An unverified address is not stored: it could be someone else's, who would then find it taken.
  const email =
    profile.emailVerified && profile.email && profile.email.length <= FIELD_LIMITS.email.max
      ? profile.email
      : null;
  const domainRule = auth.allowedDomains !== null && auth.allowedDomains.length > 0;
  if (domainRule && (email === null || !isDomainAllowed(email, auth.allowedDomains))) {
    throw new SocialLoginFailure('domain_not_allowed', 'The e-mail domain is not allowed to register');
  }
  const { db } = deps.database;
  // As for a password or phone sign-up: a banned account's address makes no new account while the ban lasts.
  await assertNoBannedAccountAt(db, origin.ip);
  const now = nowIso();
  const row: NewUserRow = {
    id: randomUUID(),
    name: [...profile.name].slice(0, FIELD_LIMITS.name.maxExclusive - 1).join(''),
    email,
    avatar: profile.avatar,
    provider: provider.name,
    [provider.idColumn]: profile.id,
    email_verified: email === null ? 0 : 1,
    invite_code: newInviteCode(),
    // Both levels, copied now, as a password sign-up records them: docs/reference/accounts.md (Invite links).
    ...(await inviterColumns(db, inviteCode)),
    signup_ip: origin.ip,
    signup_device_of: origin.deviceOf,
    created_at: now,
    updated_at: now,
  };
  const user = await insertAccount(db, provider.idColumn, row);
  // Once per account, whichever callback made it (docs/reference/balance.md (Registration gift)).
  await grantRegistrationGift(deps, user.id);
  return user;
}

async function insertAccount(db: Db, column: ProviderIdColumn, row: NewUserRow): Promise<UserRow> {
  try {
    return await insertWithFreshInviteCode(db, row);
  } catch (error) {
    // Two callbacks of the same new user at once: the other one created the account.
    const winner = await findByProviderId(db, column, String(row[column]));
    if (winner) return winner;
    throw error;
  }
}
