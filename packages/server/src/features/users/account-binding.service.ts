import type { FastifyBaseLogger } from 'fastify';
import { AUTH_MESSAGES, SMS_CODE, type PublicUser } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { grantDueInviteGift } from '../balance/registration-gift';
import { issueEmailToken } from '../email/email-tokens';
import { deleteEmailTokens } from '../email/email-tokens.repository';
import { bindEmailMail, type MailLanguage } from '../email/mail-texts';
import { sendMail } from '../email/mailer';
import { WrongSmsCodeError } from '../sms/phone-login.service';
import { returnSmsCodeTry, takeSmsCodeTry, useSmsCode } from '../sms/sms-codes.repository';
import { sameHash, smsCodeHash } from '../sms/sms-code';
import { uniqueViolationColumn } from './unique-violation';
import { findUserByEmail, findUserByPhone, updateUserColumns } from './users.repository';
import { toPublicUser } from './users.service';
import type { UserRow } from './users.table';

// Binding the phone or the e-mail an account lacks (docs/reference/accounts.md (The account page)). Either proves the
// address, so either may release a pending invite gift (grantDueInviteGift; its ledger key keeps it to one).

const phoneTaken = () =>
  new AppError('CONFLICT', AUTH_MESSAGES.phoneTaken, { field: 'phone', key: 'com_ui_account_phone_taken' });
const emailTaken = () =>
  new AppError('CONFLICT', AUTH_MESSAGES.emailTaken, { field: 'email', key: 'com_ui_account_email_taken' });
const wrongCode = () => new WrongSmsCodeError(AUTH_MESSAGES.verifyCodeWrong, 'com_auth_verify_code_wrong');
const deadCode = () => new WrongSmsCodeError(AUTH_MESSAGES.verifyCodeExpired, 'com_auth_verify_code_expired');

/**
 * Binds a phone with the code `POST /api/auth/sendVerifyCode` texted to it (the same codes, limits and tries as a
 * phone sign-in). The code is checked before anything about the phone is told: whether another account holds it is
 * said only to someone who received its code, and then that code still signs in to that account.
 */
export async function bindPhone(
  deps: AppDeps,
  user: UserRow,
  input: { phone: string; verifyCode: string },
): Promise<PublicUser> {
  if (user.phone !== null) {
    throw new AppError('CONFLICT', AUTH_MESSAGES.phoneAlreadyBound, {
      key: 'com_ui_account_phone_already_bound',
    });
  }
  const { db } = deps.database;
  const { phone } = input;
  const storedHash = await takeSmsCodeTry(db, phone, nowIso(), SMS_CODE.maxAttempts);
  if (storedHash === undefined) throw deadCode();
  const codeHash = smsCodeHash(deps.config, phone, input.verifyCode);
  if (!sameHash(codeHash, storedHash)) throw wrongCode();
  if (await findUserByPhone(db, phone)) {
    await returnSmsCodeTry(db, phone, codeHash);
    throw phoneTaken();
  }
  if (!(await useSmsCode(db, phone, codeHash))) throw deadCode();
  const row = await updateUserColumns(db, user.id, { phone, updated_at: nowIso() }).catch(
    (error: unknown) => {
      // Another account took the phone between the check and the write.
      throw uniqueViolationColumn(error) === 'phone' ? phoneTaken() : error;
    },
  );
  await grantDueInviteGift(deps, user.id);
  return toPublicUser(deps.config, row);
}

/**
 * Mails a link that binds `email` to the account, or verifies the account's own unverified address (`email` equal
 * to it). The address is set only when the link is followed (verifyEmailBinding), so nobody can hold an address they
 * cannot read. Needs e-mail on: without it nothing could prove the address, and an address nobody proved would
 * only keep its owner from registering it (docs/decisions.md, "The account page").
 */
export async function requestEmailChange(
  deps: AppDeps,
  user: UserRow,
  email: string,
  mail: { lang: MailLanguage; log: FastifyBaseLogger },
  countLink: () => Promise<void>,
): Promise<{ message: string }> {
  const { config } = deps;
  if (!config.mail) {
    throw new AppError('FORBIDDEN', AUTH_MESSAGES.emailBindingDisabled, { key: 'com_ui_account_email_off' });
  }
  if (user.email !== null && user.email_verified === 1) {
    throw new AppError('CONFLICT', AUTH_MESSAGES.emailAlreadyBound, {
      key: 'com_ui_account_email_already_bound',
    });
  }
  const owner = await findUserByEmail(deps.database.db, email);
  if (owner && owner.id !== user.id) throw emailTaken();
  await countLink();
  const token = await issueEmailToken(deps.database.db, user.id, 'email', email);
  const link = `${config.domainClient}/verify?${new URLSearchParams({ token, userId: user.id })}`;
  // Not awaited, as the activation mail is not: a slow mail server does not hold the answer.
  sendMail(
    config.mail,
    config.app.appTitle,
    bindEmailMail(mail.lang, config.app.appTitle, email, user.name, link),
  ).catch((error: unknown) =>
    mail.log.error({ err: error, userId: user.id }, 'The e-mail binding link could not be sent'),
  );
  return { message: AUTH_MESSAGES.emailChangeSent };
}

/** A followed binding link: the address becomes the account's, verified; its 'verify' links are no longer needed. */
export async function bindVerifiedEmail(deps: AppDeps, userId: string, email: string): Promise<void> {
  const { db } = deps.database;
  await updateUserColumns(db, userId, { email, email_verified: 1, updated_at: nowIso() }).catch(
    (error: unknown) => {
      throw uniqueViolationColumn(error) === 'email' ? emailTaken() : error;
    },
  );
  await deleteEmailTokens(db, userId, 'verify');
  await grantDueInviteGift(deps, userId);
}
