import type { FastifyBaseLogger } from 'fastify';
import { AUTH_MESSAGES, type ResetPasswordPayload, type ResetRequestResult } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { activateAccount } from './activation.service';
import { nowIso } from '../../lib/clock';
import { emailTokenIsLive, issueEmailToken, useEmailToken } from '../email/email-tokens';
import { resetMail, type MailLanguage } from '../email/mail-texts';
import { sendMail } from '../email/mailer';
import { findUserByEmail, findUserById } from '../users/users.repository';
import { hashPassword } from './password';
import { assertPasswordAcceptable } from './password-rules';
import { deleteUserSessions } from './sessions.repository';

/**
 * A reset request (docs/reference/accounts.md (Forgot and reset password)). The answer is the same message whether
 * or not the address has an account, and comes before the mail is sent, so neither its text nor its timing tells
 * who has an account. Without e-mail the link goes to the server log for the operator to pass on; it is answered
 * only when the operator turned PASSWORD_RESET_LINK_IN_RESPONSE on for a trial on their own machine, since anyone
 * who knows an address could then take the account over
 * (docs/decisions.md, "Reset links are not handed out by default").
 */
export async function requestPasswordReset(
  deps: AppDeps,
  email: string,
  lang: MailLanguage,
  log: FastifyBaseLogger,
): Promise<ResetRequestResult> {
  const { db } = deps.database;
  const answer = { message: AUTH_MESSAGES.resetRequested };
  const user = await findUserByEmail(db, email);
  if (!user?.email) return answer;
  const token = await issueEmailToken(db, user.id, 'reset');
  const link = `${deps.config.domainClient}/reset-password?${new URLSearchParams({ token, userId: user.id })}`;
  const { mail } = deps.config;
  if (mail) {
    const message = resetMail(lang, deps.config.app.appTitle, user.email, user.name, link);
    sendMail(mail, deps.config.app.appTitle, message).catch((error: unknown) =>
      log.error({ err: error, userId: user.id }, 'The password reset e-mail could not be sent'),
    );
    return answer;
  }
  log.warn(
    { userId: user.id, link },
    'Password reset requested without e-mail configured: give the user this link',
  );
  return deps.config.auth.passwordResetLinkInResponse ? { ...answer, link } : answer;
}

/**
 * A new password from a reset link: the token works once, for 15 minutes, and only the newest one mailed. Every
 * session of the user ends, so whoever knew the old password is signed out everywhere, their access tokens included
 * (the guard reads the session on every request). Following a link that was mailed proves the address, so it also
 * counts as activation. A password the rules refuse (password-rules.ts) leaves the link usable for another try.
 */
export async function resetPassword(
  deps: AppDeps,
  input: ResetPasswordPayload,
): Promise<{ message: string }> {
  const { db } = deps.database;
  const invalid = () => new AppError('VALIDATION', AUTH_MESSAGES.invalidResetToken, { field: 'token' });
  const user = await findUserById(db, input.userId);
  if (!user || !(await emailTokenIsLive(db, user.id, 'reset', input.token))) throw invalid();
  await assertPasswordAcceptable(input.password, user.email);
  if (!(await useEmailToken(db, user.id, 'reset', input.token))) throw invalid();
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(input.password), updated_at: nowIso() })
    .where('id', '=', user.id)
    .execute();
  // A link that came by mail proves the address as an activation link does.
  if (deps.config.mail !== null) await activateAccount(deps, user.id);
  await deleteUserSessions(db, user.id);
  return { message: AUTH_MESSAGES.passwordReset };
}
