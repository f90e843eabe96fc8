import { AUTH_MESSAGES, type ChangePasswordPayload, type PublicUser } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { hashPassword, passwordMatches } from '../auth/password';
import { assertPasswordAcceptable } from '../auth/password-rules';
import { deleteOtherSessions } from '../auth/sessions.repository';
import { updateUserColumns } from './users.repository';
import { toPublicUser } from './users.service';
import type { UserRow } from './users.table';

/** The display name, under the sign-up rules (the schema checked them); the avatar's letter follows it. */
export async function updateName(deps: AppDeps, user: UserRow, name: string): Promise<PublicUser> {
  const row = await updateUserColumns(deps.database.db, user.id, { name, updated_at: nowIso() });
  return toPublicUser(deps.config, row);
}

/** 400 on the current-password field; a VALIDATION so the form shows it beside that field. */
const currentPasswordError = (message: string, key: string) =>
  new AppError('VALIDATION', message, { field: 'currentPassword', key });

/**
 * Checks the account's password for a sensitive change: the current password of an account that has one (a missing
 * or wrong one is a 400 on `currentPassword`); an account without one (a social sign-up) passes.
 */
export async function assertCurrentPassword(user: UserRow, given: string | undefined): Promise<void> {
  if (user.password_hash === null) return;
  if (!given) {
    throw currentPasswordError(
      AUTH_MESSAGES.currentPasswordRequired,
      'com_ui_account_current_password_required',
    );
  }
  if (!(await passwordMatches(given, user.password_hash))) {
    throw currentPasswordError(AUTH_MESSAGES.currentPasswordWrong, 'com_ui_account_current_password_wrong');
  }
}

/**
 * A new password (docs/reference/accounts.md (The account page)): under the password rules, after the current one
 * (see assertCurrentPassword). Every other session of the user ends, so whoever else was signed in is signed out,
 * their access tokens included (the guard reads the session on every request); the session that asked stays.
 */
export async function changePassword(
  deps: AppDeps,
  user: UserRow,
  sessionId: string,
  input: ChangePasswordPayload,
  checkCurrent: (check: () => Promise<void>) => Promise<void>,
): Promise<{ message: string }> {
  await checkCurrent(() => assertCurrentPassword(user, input.currentPassword));
  await assertPasswordAcceptable(input.password, user.email, user.phone);
  const { db } = deps.database;
  await updateUserColumns(db, user.id, {
    password_hash: await hashPassword(input.password),
    updated_at: nowIso(),
  });
  await deleteOtherSessions(db, user.id, sessionId);
  return { message: AUTH_MESSAGES.passwordChanged };
}
