import { randomBytes, randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, type RegisterPayload } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import type { Db } from '../../db/database';
import {
  findUserByEmail,
  findUserIdByInviteCode,
  insertUser,
  usernameExists,
} from '../users/users.repository';
import type { NewUserRow, UserRow } from '../users/users.table';
import { uniqueViolationColumn } from '../users/unique-violation';
import { hashPassword } from './password';
import { assertPasswordAcceptable } from './password-rules';
import { startSession, type SessionMeta, type NewSession } from './sessions.service';
import { sendActivation } from './activation.service';
import { grantRegistrationGift } from '../balance/registration-gift';
import type { MailContext } from './mail-context';
import { assertNoBannedAccountAt, type SignUpOrigin } from './signup-origin';

/** 8 url-safe characters (48 random bits); a collision is retried on insert. */
export const newInviteCode = (): string => randomBytes(6).toString('base64url');

const emailTaken = () => new AppError('CONFLICT', AUTH_MESSAGES.emailTaken, { field: 'email' });
const usernameTaken = () => new AppError('CONFLICT', AUTH_MESSAGES.usernameTaken, { field: 'username' });

/**
 * Password registration: the rules of docs/reference/accounts.md (Registration), then the user is signed in straight
 * away; with e-mail on, an activation link is mailed instead and the answer is only a message
 * (docs/reference/accounts.md (E-mail activation)).
 */
export async function register(
  deps: AppDeps,
  input: RegisterPayload,
  meta: SessionMeta,
  mail: MailContext,
  origin: SignUpOrigin,
): Promise<NewSession | { message: string }> {
  const { auth } = deps.config;
  if (!auth.allowRegistration)
    throw new AppError('REGISTRATION_DISABLED', AUTH_MESSAGES.registrationDisabled);
  if (!isDomainAllowed(input.email, auth.allowedDomains)) {
    throw new AppError('FORBIDDEN', AUTH_MESSAGES.domainNotAllowed, { field: 'email' });
  }
  await assertPasswordAcceptable(input.password, input.email);
  const { db } = deps.database;
  await assertNoBannedAccountAt(db, origin.ip);
  // Friendly early answers; the unique indexes below are what makes them hold under races.
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  if (input.username && (await usernameExists(db, input.username))) throw usernameTaken();

  const now = nowIso();
  const user = await insertWithFreshInviteCode(db, {
    id: randomUUID(),
    name: input.name,
    username: input.username ?? null,
    email: input.email,
    password_hash: await hashPassword(input.password),
    invite_code: newInviteCode(),
    ...(await inviterColumns(db, input.inviteCode)),
    signup_ip: origin.ip,
    signup_device_of: origin.deviceOf,
    created_at: now,
    updated_at: now,
  });
  if (deps.config.mail) {
    await sendActivation(deps, user, mail.lang, mail.log);
    return { message: AUTH_MESSAGES.activationSent };
  }
  // With activation the gift waits for it (activation.service.ts): docs/reference/balance.md (Registration gift).
  await grantRegistrationGift(deps, user.id);
  return startSession(deps, user, meta);
}

export function isDomainAllowed(email: string, allowedDomains: string[] | null): boolean {
  if (!allowedDomains || allowedDomains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return allowedDomains.some((d) => d.trim().toLowerCase() === domain);
}

/**
 * The invite chain of a new account from the code it signed up with: the code's owner and that owner's inviter.
 * Both levels are copied now, so the chain stays as it was at registration
 * (docs/reference/accounts.md (Invite links)). An unknown code records nobody.
 */
export async function inviterColumns(
  db: Db,
  inviteCode: string | undefined,
): Promise<Pick<NewUserRow, 'inviter_id' | 'second_inviter_id'>> {
  const inviter = inviteCode ? await findUserIdByInviteCode(db, inviteCode) : undefined;
  return { inviter_id: inviter?.id ?? null, second_inviter_id: inviter?.inviter_id ?? null };
}

/** Inserts a new account, drawing another invite code should the random one be taken. */
export async function insertWithFreshInviteCode(db: Db, row: NewUserRow, attempts = 3): Promise<UserRow> {
  try {
    return await insertUser(db, row);
  } catch (error) {
    const column = uniqueViolationColumn(error);
    if (column === 'email') throw emailTaken();
    if (column === 'username') throw usernameTaken();
    if (column === 'invite_code' && attempts > 1) {
      return insertWithFreshInviteCode(db, { ...row, invite_code: newInviteCode() }, attempts - 1);
    }
    throw error;
  }
}
