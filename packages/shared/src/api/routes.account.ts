import {
  bindPhoneSchema,
  changePasswordSchema,
  deleteUserSchema,
  requestEmailChangeSchema,
  updateUserSchema,
} from '../auth/account.schema';
import { publicUserSchema } from '../auth/auth.schema';
import type { RouteSpec } from './api-route';
import type { RouteName } from './route-paths';
import { messageResult, signedIn } from './route-parts';

/** The account page: the display name, the password, binding a phone or an e-mail, deleting the account. */
export const ACCOUNT_ROUTES = {
  updateUser: signedIn('Users', "Change the signed-in user's display name", {
    body: updateUserSchema,
    responses: { 200: publicUserSchema },
    errors: {
      400: 'The name is empty, shorter than 2 characters (one ideograph is enough) or 80 or longer.',
    },
  }),
  changePassword: signedIn('Users', 'Change (or, without one, set) the password', {
    body: changePasswordSchema,
    responses: { 200: messageResult },
    errors: {
      400: 'The current password is missing or wrong, or the new one is refused by the password rules.',
      429: 'Too many wrong current passwords (LOGIN_MAX per LOGIN_WINDOW per user); Retry-After says how long to wait.',
    },
    description:
      'Ends every other session of the user (their refresh cookies and access tokens stop working at once) and ' +
      'keeps the one that asked. An account without a password (a social sign-up) sets one without ' +
      '`currentPassword`.',
  }),
  bindPhone: signedIn('Users', 'Bind a phone number with the code texted to it', {
    body: bindPhoneSchema,
    responses: { 200: publicUserSchema },
    errors: {
      400: 'A wrong, expired or used-up code (the code comes from `POST /api/auth/sendVerifyCode`).',
      403: 'Sign-in by SMS is off on this server.',
      409: 'The account already has a phone, or the phone belongs to another account (told only after the code).',
    },
    description: 'Binding proves the phone, so it may release a pending invite gift (once).',
  }),
  requestEmailChange: signedIn('Users', 'Mail a link that binds (or verifies) an e-mail address', {
    body: requestEmailChangeSchema,
    responses: { 200: messageResult },
    errors: {
      403: 'E-mail is not set up on this server.',
      409: 'The account already has a verified address, or the address belongs to another account.',
      429: 'Too many links asked for in a short time.',
    },
    description:
      'For an account without an e-mail, or with one not yet verified (give that one). The link lands on /verify ' +
      '(`POST /api/auth/verifyEmail`), which sets the address and marks it verified; it is valid 15 minutes and a ' +
      'new one replaces it.',
  }),
  deleteUser: signedIn('Users', 'Delete the signed-in account', {
    body: deleteUserSchema,
    responses: { 200: messageResult },
    errors: {
      400: 'The password is missing or wrong, or (for an account without one) `confirm` is not DELETE.',
      429: 'Too many wrong passwords; Retry-After says how long to wait.',
    },
    description:
      'Conversations, messages, presets, files (and their stored objects), keys, plugin credentials and sessions ' +
      'are deleted; the balance, ledger and orders are kept for the books, against an anonymised user row. The ' +
      'refresh cookie is cleared. The same e-mail or phone may register again, as a new account.',
  }),
} satisfies Partial<Record<RouteName, RouteSpec>>;
