/**
 * English text of every validation key the shared schemas use. The server answers with it; the web
 * shows the same key through i18next (its en-US catalogue holds the same text, checked by a test).
 */
export const VALIDATION_TEXT_EN = {
  com_auth_email_required: 'Email is required',
  com_auth_email_min_length: 'Email must be at least 6 characters',
  com_auth_email_login_min_length: 'Email must be at least 3 characters',
  com_auth_email_max_length: 'Email must be no longer than 120 characters',
  com_auth_email_pattern: 'Enter a valid email address',
  com_auth_password_required: 'Password is required',
  com_auth_password_min_length: 'Password must be at least 8 characters',
  com_auth_password_max_length: 'Password must be shorter than 128 characters',
  com_auth_password_not_match: 'Passwords do not match',
  // Checked by the server only (its common-password list stays out of the web bundle).
  com_auth_password_is_email: 'Choose a password that is not your email address',
  com_auth_password_is_phone: 'Choose a password that is not your phone number',
  com_auth_password_common: 'This password is too common. Choose one that is harder to guess',
  com_auth_name_required: 'Name is required',
  com_auth_name_min_length: 'Name must be at least 2 characters (one Chinese character is enough)',
  com_auth_name_max_length: 'Name must be shorter than 80 characters',
  com_auth_username_min_length: 'Username must be at least 2 characters',
  com_auth_username_max_length: 'Username must be shorter than 20 characters',
  com_auth_username_pattern: 'Username may hold letters, digits, dots, dashes and underscores only',
  com_auth_reset_token_required: 'Unable to process: No valid reset token',
  com_auth_reset_user_required: 'No valid user id',
  com_auth_phone_required: 'Phone number is required',
  com_auth_phone_length: 'Phone number must be 11 digits',
  com_auth_verify_code_required: 'Verification code is required',
} as const;
export type ValidationKey = keyof typeof VALIDATION_TEXT_EN;

/** True when a zod issue message is one of our keys rather than a free text. */
export function isValidationKey(message: string): message is ValidationKey {
  return Object.prototype.hasOwnProperty.call(VALIDATION_TEXT_EN, message);
}
