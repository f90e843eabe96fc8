import { z } from 'zod';
import {
  authResultSchema,
  forgotPasswordSchema,
  INVITE_CODE_PATTERN,
  loginSchema,
  publicUserSchema,
  refreshQuerySchema,
  refreshResultSchema,
  registerResultSchema,
  registerSchema,
  resetPasswordSchema,
  resetRequestResultSchema,
  verifyEmailSchema,
} from '../auth/auth.schema';
import {
  phoneLoginSchema,
  sendVerifyCodeResultSchema,
  sendVerifyCodeSchema,
} from '../auth/phone-auth.schema';
import { inviteStatsSchema } from '../commerce/commerce.schema';
import type { RouteSpec } from './api-route';
import type { RouteName } from './route-paths';
import { anyone, signedIn, messageResult } from './route-parts';

// The invite check (docs/reference/accounts.md (Invite links)); here, not beside the auth schemas, so the web's
// initial JavaScript does not carry them. The answer is an object so invites can say more later.
const inviteCodeParams = z.object({ code: z.string().regex(INVITE_CODE_PATTERN) });
const inviteCheckSchema = z.object({ valid: z.literal(true) });

// Social sign-in (docs/reference/accounts.md (Social sign-in)). Lenient on purpose: these are browser navigations, and
// anything the server cannot use is answered with a redirect to the login page, not a JSON error.
const socialProviderParams = z.object({ provider: z.string().max(40) });
const socialCallbackQuery = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional().describe('Set by the provider when the user declined or the request failed'),
});

/** Accounts: sign-up, sign-in (password, phone code, social), sessions, activation, password reset, invites, the user. */
export const AUTH_ROUTES = {
  register: anyone('Auth', 'Create a password account and sign in', {
    body: registerSchema,
    responses: { 201: registerResultSchema },
    description:
      'Sets the refresh cookie and answers `{token, user}`; with e-mail on, answers `{message}` instead and mails ' +
      'an activation link (the account signs in once activated). 403 REGISTRATION_DISABLED when sign-up is off; ' +
      'rate limited per IP.',
  }),
  login: anyone('Auth', 'Sign in with e-mail or username and password', {
    body: loginSchema,
    responses: { 200: authResultSchema },
    description:
      'Sets the refresh cookie and the `parleyDevice` cookie; rate limited per IP, per account from one IP, and ' +
      'per account from every IP (a browser that signed in to the account before is spared the last).',
  }),
  refresh: anyone('Auth', 'A new access token from the refresh cookie (rotates the cookie)', {
    query: refreshQuerySchema,
    responses: { 200: refreshResultSchema },
    errors: {
      401: 'The cookie names no live session (unknown, revoked, expired or reused); the cookie is cleared.',
      403:
        'The cookie is not a refresh token (cleared), or it names no live session and the call has ' +
        '`?retry=true` (cleared); BANNED for a banned user or from a banned IP (kept).',
    },
    description:
      '200 `{token, user}` with a live session; 200 `{message}` without a token when no refresh cookie was ' +
      'sent (signed out, not an error).',
  }),
  logout: anyone('Auth', 'End the session of the refresh cookie', { responses: { 200: messageResult } }),
  socialLoginStart: anyone('Auth', 'Start a social sign-in (a browser navigation)', {
    params: socialProviderParams,
    query: z.object({
      inviteCode: z
        .string()
        .max(200)
        .optional()
        .describe('An invite code to record if this sign-in creates the account'),
    }),
    responses: { 302: null },
    description:
      "Redirects to the provider's sign-in page, with a fresh state, PKCE challenge (S256) and, for OpenID " +
      'Connect providers, nonce kept in a short-lived cookie for the callback. A provider that is not configured ' +
      'redirects to `/login?error=unavailable`.',
  }),
  socialLoginCallback: anyone('Auth', 'Where the provider sends the browser back', {
    params: socialProviderParams,
    query: socialCallbackQuery,
    responses: { 302: null },
    description:
      "Checks the attempt's cookie, exchanges the code, then finds, links or creates the account and signs it in: " +
      'sets the refresh cookie and redirects to `/c/new`. Every failure redirects to `/login?error=<code>` ' +
      '(cancelled, expired, failed, unavailable, registration_closed, domain_not_allowed, email_not_verified, ' +
      'account_not_verified, banned, rate_limited).',
  }),
  checkInvite: anyone('Auth', 'Whether an invite code belongs to a user', {
    params: inviteCodeParams,
    responses: { 200: inviteCheckSchema },
    errors: { 404: 'No user has this code.' },
    description:
      'Answers `{valid: true}` for a known code. A code that cannot be one (not 1 to 64 letters, digits, `-` or ' +
      '`_`) is a 400. Rate limited per IP, like sign-in.',
  }),
  requestPasswordReset: anyone('Auth', 'Ask for a password reset link', {
    body: forgotPasswordSchema,
    responses: { 200: resetRequestResultSchema },
    description:
      'The same message whether or not the address has an account; with e-mail on the link is mailed, without ' +
      'e-mail (outside production) it comes back as `link`. Rate limited per IP.',
  }),
  resetPassword: anyone('Auth', 'Set a new password from a reset link', {
    body: resetPasswordSchema,
    responses: { 200: messageResult },
    errors: { 400: 'The link is unknown, used or expired (single use, 15 minutes).' },
    description: 'Ends every session of the user. Rate limited per IP.',
  }),
  verifyEmail: anyone('Auth', 'Activate an account from its activation link', {
    body: verifyEmailSchema,
    responses: { 200: messageResult },
    errors: { 400: 'The link is unknown, used or expired (single use, 15 minutes).' },
  }),
  sendVerifyCode: anyone('Auth', 'Text a sign-in code to a phone number', {
    body: sendVerifyCodeSchema,
    responses: { 200: sendVerifyCodeResultSchema },
    errors: {
      400: 'The phone number is missing or not 11 digits.',
      403: 'Sign-in by SMS is off on this server, or the IP is banned (BANNED).',
      429:
        'A code went to this phone less than 60 s ago, or the daily cap of the phone, the IP or the site ' +
        '(SMS_DAILY_MAX) is reached; `details.retryAfterSeconds` and Retry-After say how long to wait. A phone ' +
        'pays only for codes sent.',
      502: 'The SMS provider did not take the message; nothing is said about why.',
    },
    description:
      "The same answer whether or not the phone has an account (a banned account's phone gets no text). The " +
      'code has 6 digits, is valid 5 minutes and allows 5 tries; a new code replaces the one before.',
  }),
  phoneLogin: anyone('Auth', 'Sign in, or sign up, with a phone number and an SMS code', {
    body: phoneLoginSchema,
    responses: { 200: authResultSchema, 201: authResultSchema },
    errors: {
      400:
        'A wrong, expired or used-up code; or a first login without `password` (`details.passwordRequired`, the ' +
        'code stays valid).',
      403: 'SMS sign-in off; registration off for a new phone (REGISTRATION_DISABLED); BANNED.',
      429: 'Too many sign-in attempts (counted with password sign-in).',
    },
    description:
      'Sets the refresh cookie. 200 `{token, user}` for a phone that has an account; 201 when the account was ' +
      'just made (a first login with a password). `inviter` is an invite code, recorded two levels deep.',
  }),
  getUser: signedIn('Users', 'The signed-in user', { responses: { 200: publicUserSchema } }),
  getInviteStats: signedIn('Users', "The signed-in user's invite code, whom it brought, and the cash-back", {
    responses: { 200: inviteStatsSchema },
    description:
      'invitedCount: users who registered with this code; invited24Count: those of the last 24 hours; ' +
      'secondLevelCount: users who registered with the code of someone this user invited. Money in yuan: ' +
      'totalPrice (what the invitees paid), totalPricePayed (cash-back paid out), totalPriceCanPay (cash-back ' +
      "that may be asked for, today's excluded), totalPriceToday. docs/reference/commerce.md.",
  }),
} satisfies Partial<Record<RouteName, RouteSpec>>;
