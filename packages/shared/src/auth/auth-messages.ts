/**
 * Server messages of the auth calls. The login ones are the texts of docs/reference/accounts.md (Signing in), so the
 * web can show the server's text or its own key and say the same thing; the ban text contains "banned", which the web
 * treats as "log the user out" (docs/reference/accounts.md (Bans)).
 */
export const AUTH_MESSAGES = {
  loginFailed: 'Unable to login with the information provided. Please check your credentials and try again.',
  loginRateLimited: 'Too many login attempts in a short amount of time. Please try again later.',
  banned: 'Your account has been temporarily banned due to violations of our service.',
  emailLoginDisabled: 'Login with email and password is not enabled on this server.',
  registrationDisabled: 'Registration is not allowed on this server.',
  registrationRateLimited:
    'Too many registration attempts in a short amount of time. Please try again later.',
  inviteNotFound: 'Invite code not found',
  inviteRateLimited: 'Too many invite code checks in a short amount of time. Please try again later.',
  domainNotAllowed: 'Registration with this email domain is not allowed.',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  unauthorized: 'Unauthorized',
  sessionExpired: 'Your session has expired. Please log in again.',
  /** A refresh without a refresh cookie: answered 200 without a token (docs/reference/accounts.md (Sessions and tokens)). */
  noSession: 'No session: sign in to get one.',
  /** A refresh cookie that is not a refresh token Parley could have made. */
  sessionInvalid: 'Invalid refresh token. Please log in again.',
  loggedOut: 'Logged out',
} as const;
