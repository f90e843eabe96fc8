import { z } from 'zod';
import { FIELD_LIMITS, SMS_CODE } from '../constants';
import { newPasswordSchema } from './auth.schema';
import type { ValidationKey } from './validation-messages';

const msg = (key: ValidationKey) => ({ message: key });

/**
 * A phone number as sign-in takes it (docs/reference/accounts.md (Phone sign-in)): required, then exactly 11 digits;
 * spaces and dashes typed between the digits are dropped first.
 */
export const phoneNumberSchema = z
  .string(msg('com_auth_phone_required'))
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, msg('com_auth_phone_required'))
      .regex(new RegExp(`^\\d{${FIELD_LIMITS.phone.length}}$`), msg('com_auth_phone_length')),
  );

/** `POST /api/auth/sendVerifyCode`. */
export const sendVerifyCodeSchema = z.object({ phoneNumber: phoneNumberSchema });
export type SendVerifyCodeInput = z.input<typeof sendVerifyCodeSchema>;

/** The one answer of a code request, whether or not the phone has an account. */
export const sendVerifyCodeResultSchema = z.object({
  message: z.string(),
  /** Seconds until another code may be asked for this phone (the send button's countdown). */
  resendAfterSeconds: z.number().int().nonnegative(),
});
export type SendVerifyCodeResult = z.infer<typeof sendVerifyCodeResultSchema>;

/**
 * Phone sign-in and registration: phone, code, a password only when the server asked for one (a first login), and
 * the inviter's code from `?inviteCode`.
 */
export const phoneLoginSchema = z.object({
  phone: phoneNumberSchema,
  verifyCode: z
    .string(msg('com_auth_verify_code_required'))
    .trim()
    .min(1, msg('com_auth_verify_code_required'))
    // Longer than any code: a wrong code, not a malformed request, so it counts as a try.
    .max(SMS_CODE.length * 4, msg('com_auth_verify_code_required')),
  password: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(newPasswordSchema.optional()),
  inviter: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type PhoneLoginInput = z.input<typeof phoneLoginSchema>;
export type PhoneLoginPayload = z.output<typeof phoneLoginSchema>;

/** The form once the server asked for a password (a first login): the password is then required. */
export const phoneLoginWithPasswordSchema = phoneLoginSchema.extend({ password: newPasswordSchema });
