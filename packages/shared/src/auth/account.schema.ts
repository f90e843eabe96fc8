import { z } from 'zod';
import {
  emailSchema,
  nameSchema,
  newPasswordSchema,
  passwordsMatch,
  passwordsMatchIssue,
} from './auth.schema';
import { phoneLoginSchema } from './phone-auth.schema';
import type { ValidationKey } from './validation-messages';

// The account page's calls (docs/reference/accounts.md (The account page)).

const msg = (key: ValidationKey) => ({ message: key });

/** `PUT /api/user`: the display name, under the sign-up rules (2 to 79 characters, or one ideograph). */
export const updateUserSchema = z.object({ name: nameSchema });
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/**
 * `POST /api/user/password`: the new password twice, and the current one, which an account that has a password must
 * give (a social sign-up without one sets its first password without it).
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .max(200, msg('com_auth_password_max_length'))
      .optional()
      .transform((v) => (v ? v : undefined)),
    password: newPasswordSchema,
    confirm_password: z.string(msg('com_auth_password_not_match')),
  })
  .refine(passwordsMatch, passwordsMatchIssue);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePasswordPayload = z.output<typeof changePasswordSchema>;

/** `POST /api/user/phone`: the phone to bind and the code `POST /api/auth/sendVerifyCode` texted to it. */
export const bindPhoneSchema = phoneLoginSchema.pick({ phone: true, verifyCode: true });
export type BindPhoneInput = z.input<typeof bindPhoneSchema>;

/** `POST /api/user/email/change`: the address to bind (or the account's own, to verify it); a link is mailed. */
export const requestEmailChangeSchema = z.object({ email: emailSchema });
export type RequestEmailChangeInput = z.input<typeof requestEmailChangeSchema>;

/** What an account without a password types to confirm its deletion. */
export const DELETE_ACCOUNT_CONFIRM = 'DELETE';

/**
 * `DELETE /api/user/delete`: the account's password, or, for an account without one, the word
 * DELETE_ACCOUNT_CONFIRM.
 */
export const deleteUserSchema = z.object({
  password: z.string().max(200, msg('com_auth_password_max_length')).optional(),
  confirm: z.string().max(100).optional(),
});
export type DeleteUserInput = z.input<typeof deleteUserSchema>;
