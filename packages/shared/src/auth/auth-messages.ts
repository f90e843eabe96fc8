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
  /**
   * The one answer of a reset request, whether or not the address has an account
   * (docs/reference/accounts.md (Forgot and reset password)).
   */
  resetRequested: 'If an account with that email exists, a password reset link has been sent to it.',
  /** An unknown, used or expired reset link; the web shows its invalid-token screen. */
  resetRateLimited: 'Too many password reset attempts in a short amount of time. Please try again later.',
  invalidResetToken: 'Invalid or expired password reset token',
  passwordReset: 'Password reset was successful',
  /** Registration with e-mail on: the account waits for its activation link. */
  activationSent:
    'Registration successful. Check your email for the activation link; it is valid for 15 minutes.',
  /** Sign-in to an account whose activation link was never followed. */
  emailNotVerified: 'Your email is not verified. Follow the activation link sent to your email.',
  emailVerified: 'Email verified. You can now log in.',
  /** An unknown, used or expired activation link. */
  invalidActivation: 'Invalid or expired activation link',
  /** Phone sign-in (docs/reference/accounts.md (Phone sign-in)). */
  smsDisabled: 'Sign-in with an SMS code is not enabled on this server.',
  /** The one answer of a code request, whether or not the phone has an account. */
  verifyCodeSent: 'A verification code has been sent to this phone number. It is valid for 5 minutes.',
  verifyCodeResendWait:
    'A code was sent to this phone number less than a minute ago. Please wait before asking again.',
  verifyCodeDailyLimit: 'Too many verification codes requested today. Please try again tomorrow.',
  /** The site's own daily cap of texts (SMS_DAILY_MAX) is reached, whoever asks. */
  verifyCodeSiteLimit:
    'This site has sent all the verification codes it may send today. Please try again later, or sign in another way.',
  verifyCodeSendFailed: 'The verification code could not be sent. Please try again later.',
  verifyCodeWrong: 'The verification code is incorrect.',
  verifyCodeExpired:
    'The verification code has expired or was tried too many times. Please request a new one.',
  /** A new phone without a password: the web shows the password field (details.passwordRequired). */
  firstLoginPasswordRequired: 'This is your first login: please set a password to create your account.',
  /** The account page (docs/reference/accounts.md (The account page)). */
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'The current password is incorrect.',
  accountRateLimited: 'Too many attempts in a short amount of time. Please try again later.',
  phoneAlreadyBound: 'This account already has a phone number.',
  phoneTaken: 'This phone number is already bound to another account.',
  emailAlreadyBound: 'This account already has a verified email address.',
  emailBindingDisabled:
    'Email is not set up on this server, so an email address cannot be bound or verified.',
  emailChangeSent: 'A verification link has been sent to this address. It is valid for 15 minutes.',
  /** The answer of a followed binding link (the activation link's answer is emailVerified). */
  emailBound: 'Email verified and bound to your account.',
  deleteConfirmRequired: 'To delete the account, type your password (or DELETE, for an account without one).',
  /** LibreChat's answer of `DELETE /api/user/delete`. */
  accountDeleted: 'User deleted',
  /** A sign-in call started by another site (docs/reference/accounts.md (Hardening)). */
  crossSiteRefused: 'Cross-site requests to the sign-in routes are refused.',
  /** A sign-in call whose body is not JSON (a plain HTML form, for instance). */
  jsonBodyRequired: 'The sign-in routes accept JSON bodies only (Content-Type: application/json).',
} as const;
