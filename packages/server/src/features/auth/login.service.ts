import { AUTH_MESSAGES, FIELD_LIMITS, type LoginPayload } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { findUserByEmail, findUserByPhone } from '../users/users.repository';
import { assertNotBanned } from '../users/users.service';
import { passwordMatches } from './password';
import { startSession, type SessionMeta, type NewSession } from './sessions.service';
import { assertActivated } from './activation.service';
import type { MailContext } from './mail-context';

const PHONE_PATTERN = new RegExp(`^\\d{${FIELD_LIMITS.phone.length}}$`);

/** The login field holds an e-mail or an 11-digit phone number (docs/reference/accounts.md (Signing in)). */
export const isPhoneLogin = (login: string): boolean => PHONE_PATTERN.test(login);

/**
 * Password sign-in. Unknown account and wrong password answer the same 401 (and take the same time); the ban is
 * told only to someone who proved the password, so it reveals nothing about other people's accounts.
 */
export async function login(
  deps: AppDeps,
  input: LoginPayload,
  meta: SessionMeta,
  mail: MailContext,
): Promise<NewSession> {
  if (!deps.config.auth.allowEmailLogin) throw new AppError('FORBIDDEN', AUTH_MESSAGES.emailLoginDisabled);
  const { db } = deps.database;
  const user = isPhoneLogin(input.email)
    ? await findUserByPhone(db, input.email)
    : await findUserByEmail(db, input.email);
  const ok = await passwordMatches(input.password, user?.password_hash);
  if (!user || !ok) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.loginFailed);
  assertNotBanned(user);
  await assertActivated(deps, user, mail.lang, mail.log);
  return startSession(deps, user, meta);
}
