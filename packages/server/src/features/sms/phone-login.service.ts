import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, SMS_CODE, type PhoneLoginPayload } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { hashPassword } from '../auth/password';
import { assertPasswordAcceptable } from '../auth/password-rules';
import { grantRegistrationGift } from '../balance/registration-gift';
import { insertWithFreshInviteCode, inviterColumns, newInviteCode } from '../auth/register.service';
import { startSession, type NewSession, type SessionMeta } from '../auth/sessions.service';
import { assertNoBannedAccountAt, type SignUpOrigin } from '../auth/signup-origin';
import { uniqueViolationColumn } from '../users/unique-violation';
import { findUserByPhone } from '../users/users.repository';
import { assertNotBanned } from '../users/users.service';
import type { UserRow } from '../users/users.table';
import { returnSmsCodeTry, takeSmsCodeTry, useSmsCode } from './sms-codes.repository';
import { sameHash, smsCodeHash } from './sms-code';

/** Why a code was refused; the route scores it as a failed sign-in. */
export class WrongSmsCodeError extends AppError {
  constructor(message: string, key: string) {
    super('VALIDATION', message, { field: 'verifyCode', key });
  }
}
const wrongCode = () => new WrongSmsCodeError(AUTH_MESSAGES.verifyCodeWrong, 'com_auth_verify_code_wrong');
const deadCode = () => new WrongSmsCodeError(AUTH_MESSAGES.verifyCodeExpired, 'com_auth_verify_code_expired');

/** The name of an account made by phone: the number with its middle four digits hidden (138****5678). */
export const maskedPhone = (phone: string): string => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/**
 * Sign-in and sign-up by phone and SMS code (docs/reference/accounts.md (Phone sign-in)). The code is checked first:
 * nothing about the phone's account is told to someone without its code. A right code signs an existing account in;
 * for a new phone it creates the account when a password came with it, else answers the first-login 400 and keeps the
 * code for the next submit. The code is used up by the request that signs in.
 */
export async function phoneLogin(
  deps: AppDeps,
  input: PhoneLoginPayload,
  meta: SessionMeta,
  origin: SignUpOrigin,
): Promise<NewSession & { created: boolean }> {
  const { db } = deps.database;
  const { phone } = input;
  const storedHash = await takeSmsCodeTry(db, phone, nowIso(), SMS_CODE.maxAttempts);
  if (storedHash === undefined) throw deadCode();
  const codeHash = smsCodeHash(deps.config, phone, input.verifyCode);
  if (!sameHash(codeHash, storedHash)) throw wrongCode();

  const existing = await findUserByPhone(db, phone);
  if (existing) return { ...(await signIn(deps, existing, codeHash, meta)), created: false };

  // A new phone. Refusals here keep the code usable (its try given back): the user may fix what was missing.
  if (!deps.config.auth.allowRegistration) {
    await returnSmsCodeTry(db, phone, codeHash);
    throw new AppError('REGISTRATION_DISABLED', AUTH_MESSAGES.registrationDisabled);
  }
  // Sign-up limited to some e-mail domains: a phone has no e-mail to check, so it makes no account (as a social
  // login without an allowed e-mail does not).
  const { allowedDomains } = deps.config.auth;
  if (allowedDomains !== null && allowedDomains.length > 0) {
    await returnSmsCodeTry(db, phone, codeHash);
    throw new AppError('FORBIDDEN', AUTH_MESSAGES.domainNotAllowed, { field: 'phone' });
  }
  if (!input.password) {
    await returnSmsCodeTry(db, phone, codeHash);
    throw new AppError('VALIDATION', AUTH_MESSAGES.firstLoginPasswordRequired, {
      field: 'password',
      key: 'com_auth_first_login_password',
      passwordRequired: true,
    });
  }
  // A refused password keeps the code too (docs/reference/accounts.md (Hardening)).
  await assertPasswordAcceptable(input.password, null, phone).catch(async (error: unknown) => {
    await returnSmsCodeTry(db, phone, codeHash);
    throw error;
  });
  // A banned account's address makes no new one during the ban (the code stays, as for the refusals above).
  await assertNoBannedAccountAt(db, origin.ip).catch(async (error: unknown) => {
    await returnSmsCodeTry(db, phone, codeHash);
    throw error;
  });
  await useCode(deps, phone, codeHash);
  const now = nowIso();
  let user: UserRow;
  try {
    user = await insertWithFreshInviteCode(db, {
      id: randomUUID(),
      name: maskedPhone(phone),
      username: null,
      email: null,
      phone,
      provider: 'phone',
      password_hash: await hashPassword(input.password),
      invite_code: newInviteCode(),
      ...(await inviterColumns(db, input.inviter)),
      signup_ip: origin.ip,
      signup_device_of: origin.deviceOf,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    // Two first logins of one phone at once (two codes cannot both be right, but one code may be sent twice):
    // the other request made the account, and this code proved the phone too.
    if (uniqueViolationColumn(error) !== 'phone') throw error;
    const made = await findUserByPhone(db, phone);
    if (!made) throw error;
    assertNotBanned(made);
    return { ...(await startSession(deps, made, meta)), created: false };
  }
  await grantRegistrationGift(deps, user.id);
  return { ...(await startSession(deps, user, meta)), created: true };
}

async function signIn(deps: AppDeps, user: UserRow, codeHash: string, meta: SessionMeta) {
  assertNotBanned(user);
  await useCode(deps, user.phone!, codeHash);
  return startSession(deps, user, meta);
}

/** Single use: of two requests with the same code only the one that deletes it goes on. */
async function useCode(deps: AppDeps, phone: string, codeHash: string): Promise<void> {
  if (!(await useSmsCode(deps.database.db, phone, codeHash))) {
    throw deadCode();
  }
}
