import { VALIDATION_TEXT_EN, type ValidationKey } from '@parley/shared';
import { AppError } from '../../lib/app-error';

/**
 * The common-password list (zxcvbn-ts's, about 49,000 entries, lower case), loaded on the first password set and
 * kept: a server may go long without a sign-up or a reset, and the list holds ~4 MB of heap once loaded (~30 ms).
 */
let common: Promise<ReadonlySet<string>> | undefined;
const commonPasswords = () =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  ));

const refuse = (key: ValidationKey) =>
  new AppError('VALIDATION', VALIDATION_TEXT_EN[key], { field: 'password', key });

/**
 * The rules a new password must meet beyond its length (docs/reference/accounts.md (Hardening)), wherever one is set
 * (sign-up, reset, a phone's first sign-in): not the account's e-mail address nor its part before the @, not its phone
 * number, and not one of the most common passwords, compared case-insensitively. A 400 VALIDATION on the `password`
 * field, with its i18n key.
 */
export async function assertPasswordAcceptable(
  password: string,
  email: string | null,
  phone: string | null = null,
): Promise<void> {
  const lowered = password.trim().toLowerCase();
  if (phone && lowered.replace(/[\s-]/g, '') === phone) throw refuse('com_auth_password_is_phone');
  if (email) {
    const address = email.trim().toLowerCase();
    const localPart = address.slice(0, address.lastIndexOf('@'));
    if (lowered === address || (localPart !== '' && lowered === localPart)) {
      throw refuse('com_auth_password_is_email');
    }
  }
  if ((await commonPasswords()).has(lowered)) throw refuse('com_auth_password_common');
}
