import type { FastifyBaseLogger } from 'fastify';
import { AUTH_MESSAGES, type VerifyEmailPayload } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { withTransaction } from '../../db/dialect-helpers';
import { nowIso } from '../../lib/clock';
import { issueEmailToken, useEmailBindingToken, useEmailToken } from '../email/email-tokens';
import { bindVerifiedEmail } from '../users/account-binding.service';
import { activationMail, type MailLanguage } from '../email/mail-texts';
import { sendMail } from '../email/mailer';
import { findUserById } from '../users/users.repository';
import { grantRegistrationGift } from '../balance/registration-gift';
import type { UserRow } from '../users/users.table';

// An account waits for activation while it holds a 'verify' token (live or expired): accounts made while e-mail was
// off hold none, so turning e-mail on later locks nobody out (docs/reference/accounts.md (E-mail activation)).

/** Mails a new activation link (valid 15 minutes; the one sent before stops working). */
export async function sendActivation(
  deps: AppDeps,
  user: UserRow,
  lang: MailLanguage,
  log: FastifyBaseLogger,
): Promise<void> {
  const { mail } = deps.config;
  if (!mail || !user.email) return;
  const token = await issueEmailToken(deps.database.db, user.id, 'verify');
  const link = `${deps.config.domainClient}/verify?${new URLSearchParams({ token, userId: user.id })}`;
  const message = activationMail(lang, deps.config.app.appTitle, user.email, user.name, link);
  // Not awaited: a mail server that is slow or down does not hold the answer; signing in again sends a new link.
  sendMail(mail, deps.config.app.appTitle, message).catch((error: unknown) =>
    log.error({ err: error, userId: user.id }, 'The activation e-mail could not be sent'),
  );
}

export async function awaitsActivation(deps: AppDeps, userId: string): Promise<boolean> {
  if (!deps.config.mail) return false;
  const row = await deps.database.db
    .selectFrom('email_tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'verify')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sign-in to an account that was never activated (the password was right): a fresh link is mailed and the sign-in
 * refused with a message saying so.
 */
export async function assertActivated(
  deps: AppDeps,
  user: UserRow,
  lang: MailLanguage,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!(await awaitsActivation(deps, user.id))) return;
  await sendActivation(deps, user, lang, log);
  throw new AppError('FORBIDDEN', AUTH_MESSAGES.emailNotVerified, { key: 'com_auth_email_not_verified' });
}

/**
 * Follows a link of /verify: an activation link, or a binding link from the account page (which sets its address,
 * verified: account-binding.service.ts). Either works once, within 15 minutes.
 */
export async function verifyEmail(deps: AppDeps, input: VerifyEmailPayload): Promise<{ message: string }> {
  const { db } = deps.database;
  const user = await findUserById(db, input.userId);
  if (user && (await useEmailToken(db, user.id, 'verify', input.token))) {
    await activateAccount(deps, user.id);
    return { message: AUTH_MESSAGES.emailVerified };
  }
  const bound = user ? await useEmailBindingToken(db, user.id, input.token) : null;
  if (!user || bound === null) {
    throw new AppError('VALIDATION', AUTH_MESSAGES.invalidActivation, { field: 'token' });
  }
  await bindVerifiedEmail(deps, user.id, bound);
  return { message: AUTH_MESSAGES.emailBound };
}

/**
 * What proves the address activates the account, whichever way it came: the activation link, a reset link (it was
 * mailed there), or a provider that verified the e-mail at a social sign-in. The e-mail is marked verified, the
 * account no longer waits for activation (its 'verify' tokens go), and the registration gift is granted, which
 * activation promises (docs/reference/balance.md (Registration gift)); once only, however often this runs.
 */
export async function activateAccount(deps: AppDeps, userId: string): Promise<void> {
  const { db } = deps.database;
  await withTransaction(db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ email_verified: 1, updated_at: nowIso() })
      .where('id', '=', userId)
      .execute();
    await trx
      .deleteFrom('email_tokens')
      .where('user_id', '=', userId)
      .where('purpose', '=', 'verify')
      .execute();
  });
  await grantRegistrationGift(deps, userId);
}
