import { z } from 'zod';
import { FIELD_LIMITS } from '../constants';
import type { ValidationKey } from './validation-messages';

const msg = (key: ValidationKey) => ({ message: key });
// A simple address pattern: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredString = (requiredKey: ValidationKey) =>
  z.string(msg(requiredKey)).trim().min(1, msg(requiredKey));

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** Characters as a reader counts them (graphemes): 李雷 is 2, an emoji with modifiers is 1, never UTF-16 units. */
export function countCharacters(text: string): number {
  let count = 0;
  for (const segment of graphemes.segment(text)) if (segment.segment) count += 1;
  return count;
}

// One Han ideograph (Chinese, or a kanji), optionally with a variation selector.
const ONE_IDEOGRAPH = /^\p{Script=Han}[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]?$/u;
/**
 * The name rule's lower bound (docs/reference/accounts.md (Registration)): at least 2 characters, or a single
 * ideograph, since 雷 alone is a whole name.
 */
export function nameLongEnough(name: string): boolean {
  const count = countCharacters(name);
  return count >= FIELD_LIMITS.name.min || (count === 1 && ONE_IDEOGRAPH.test(name));
}

/** A trimmed display name of 2 to 79 characters, or one ideograph. */
export const nameSchema = requiredString('com_auth_name_required')
  .refine(nameLongEnough, msg('com_auth_name_min_length'))
  .refine((v) => countCharacters(v) < FIELD_LIMITS.name.maxExclusive, msg('com_auth_name_max_length'));

/** A password being set (sign-up, reset): required, within the length limits. */
export const newPasswordSchema = z
  .string(msg('com_auth_password_required'))
  .min(1, msg('com_auth_password_required'))
  .min(FIELD_LIMITS.password.min, msg('com_auth_password_min_length'))
  .max(FIELD_LIMITS.password.maxExclusive - 1, msg('com_auth_password_max_length'));

/** An e-mail address an account takes (sign-up, binding one later): 6 to 120 characters, lower-cased. */
export const emailSchema = requiredString('com_auth_email_required')
  .pipe(z.string().min(FIELD_LIMITS.email.min, msg('com_auth_email_min_length')))
  .pipe(z.string().max(FIELD_LIMITS.email.max, msg('com_auth_email_max_length')))
  .pipe(z.string().regex(EMAIL_PATTERN, msg('com_auth_email_pattern')))
  .transform((v) => v.toLowerCase());

/** The confirmation repeats the password; the mismatch is reported on the confirmation field. */
export const passwordsMatch = (d: { password: string; confirm_password: string }) =>
  d.password === d.confirm_password;
export const passwordsMatchIssue = {
  path: ['confirm_password'],
  message: 'com_auth_password_not_match' satisfies ValidationKey,
};

/** Password registration payload (docs/reference/accounts.md (Registration)). */
export const registerSchema = z
  .object({
    name: nameSchema,
    username: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(
        z
          .string()
          .min(FIELD_LIMITS.username.min, msg('com_auth_username_min_length'))
          .max(FIELD_LIMITS.username.maxExclusive - 1, msg('com_auth_username_max_length'))
          .regex(/^[\p{L}\p{N}._-]+$/u, msg('com_auth_username_pattern'))
          .optional(),
      ),
    email: emailSchema,
    password: newPasswordSchema,
    confirm_password: z.string(msg('com_auth_password_not_match')),
    inviteCode: z.string().trim().max(64).optional(),
  })
  .refine(passwordsMatch, passwordsMatchIssue);
export type RegisterInput = z.input<typeof registerSchema>;

/** What an invite code can look like: 1 to 64 URL-safe characters (the codes Parley makes are 8, base64url). */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export type RegisterPayload = z.output<typeof registerSchema>;

/** Password login payload: e-mail (or an 11-digit phone) and password (docs/reference/accounts.md (Signing in)). */
export const loginSchema = z.object({
  email: requiredString('com_auth_email_required')
    .pipe(z.string().min(FIELD_LIMITS.loginEmail.min, msg('com_auth_email_login_min_length')))
    .pipe(z.string().max(FIELD_LIMITS.loginEmail.max, msg('com_auth_email_max_length')))
    .transform((v) => v.toLowerCase()),
  password: z
    .string(msg('com_auth_password_required'))
    .min(1, msg('com_auth_password_required'))
    .min(FIELD_LIMITS.password.min, msg('com_auth_password_min_length'))
    .max(FIELD_LIMITS.password.maxExclusive, msg('com_auth_password_max_length')),
});
export type LoginInput = z.input<typeof loginSchema>;
export type LoginPayload = z.output<typeof loginSchema>;

/**
 * The user as the API shows it: never the password hash (docs/reference/accounts.md (The user)). A field that is not
 * set is absent, never null.
 */
export const publicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  avatar: z.string().optional(),
  role: z.enum(['USER', 'ADMIN']),
  provider: z.string(),
  plugins: z.array(z.string()),
  inviteCode: z.string(),
  emailVerified: z.boolean(),
  /** Whether the account has a password (a social sign-up has none until it sets one on the account page). */
  hasPassword: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Answer of login and refresh. */
export const authResultSchema = z.object({ token: z.string(), user: publicUserSchema });
export type AuthResult = z.infer<typeof authResultSchema>;

/**
 * The 200 of a refresh that came without a refresh cookie: no token, only a message, so a client reads it as
 * "signed out" without an error (docs/reference/accounts.md (Sessions and tokens)).
 */
export const noSessionSchema = z.object({ message: z.string() });

/** The answer of `POST /api/auth/refresh`: a new session, or no session (no cookie was sent). */
export const refreshResultSchema = z.union([authResultSchema, noSessionSchema]);
export type RefreshResult = z.infer<typeof refreshResultSchema>;

/**
 * `?retry=true` is accepted on refresh when the failing call was itself a refresh
 * (docs/reference/accounts.md (Sessions and tokens)).
 */
export const refreshQuerySchema = z.object({ retry: z.enum(['true', 'false']).optional() });

/** Forgot password: one e-mail, 3 to 120 characters, a simple address (docs/reference/accounts.md (Forgot and reset password)). */
export const forgotPasswordSchema = z.object({
  email: requiredString('com_auth_email_required')
    .pipe(z.string().min(FIELD_LIMITS.loginEmail.min, msg('com_auth_email_login_min_length')))
    .pipe(z.string().max(FIELD_LIMITS.loginEmail.max, msg('com_auth_email_max_length')))
    .pipe(z.string().regex(EMAIL_PATTERN, msg('com_auth_email_pattern')))
    .transform((v) => v.toLowerCase()),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ForgotPasswordPayload = z.output<typeof forgotPasswordSchema>;

/**
 * The answer of a reset request: always the same message; `link` only when the server sends no e-mail and may hand
 * the link out (docs/reference/accounts.md (Forgot and reset password)).
 */
export const resetRequestResultSchema = z.object({ message: z.string(), link: z.string().optional() });
export type ResetRequestResult = z.infer<typeof resetRequestResultSchema>;

const linkPart = (requiredKey: ValidationKey) =>
  z.string(msg(requiredKey)).min(1, msg(requiredKey)).max(200, msg(requiredKey));

/** A new password from a reset link: token and userId from the link, the password twice. */
export const resetPasswordSchema = z
  .object({
    token: linkPart('com_auth_reset_token_required'),
    userId: linkPart('com_auth_reset_user_required'),
    password: newPasswordSchema,
    confirm_password: z.string(msg('com_auth_password_not_match')),
  })
  .refine(passwordsMatch, passwordsMatchIssue);
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordPayload = z.output<typeof resetPasswordSchema>;

/** An activation link's parts (docs/reference/accounts.md (E-mail activation)). */
export const verifyEmailSchema = z.object({
  token: linkPart('com_auth_reset_token_required'),
  userId: linkPart('com_auth_reset_user_required'),
});
export type VerifyEmailPayload = z.output<typeof verifyEmailSchema>;

/** Registration with e-mail on answers a message instead of a session: the account waits for its activation. */
export const registerResultSchema = z.union([authResultSchema, z.object({ message: z.string() })]);
export type RegisterResult = z.infer<typeof registerResultSchema>;
