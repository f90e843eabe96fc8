/**
 * Why a social sign-in came back to /login without a session: the callback redirects to `/login?error=<code>`, and
 * the login page shows the code's message in the user's language (docs/reference/accounts.md (Social sign-in)).
 */
export const SOCIAL_LOGIN_ERRORS = [
  /** The user declined at the provider, or the provider answered `error`. */
  'cancelled',
  /** The sign-in took too long, or came back to another browser: the attempt's cookie was missing or did not match. */
  'expired',
  /** The provider could not be reached, or its answer did not check out. */
  'failed',
  /** The provider is not configured on this server. */
  'unavailable',
  /** No account is linked to this provider login and ALLOW_SOCIAL_REGISTRATION is off. */
  'registration_closed',
  /** The e-mail's domain is not in `registration.allowedDomains`. */
  'domain_not_allowed',
  /** An account has this e-mail, but the provider has not verified it, so it is not linked. */
  'email_not_verified',
  /**
   * An account has this e-mail, but its address was never verified on this server (no activation link, no mailed
   * reset link, no provider), so it is not linked: whoever signed up with it may not be the address's owner.
   */
  'account_not_verified',
  /** The account, or the address the request came from, is banned. */
  'banned',
  /** Too many social sign-ins from this address in a short time (LOGIN_MAX per LOGIN_WINDOW). */
  'rate_limited',
] as const;
export type SocialLoginError = (typeof SOCIAL_LOGIN_ERRORS)[number];

/**
 * The openid button's text when OPENID_BUTTON_LABEL is unset (LibreChat's default). The web shows its own translation
 * of it instead, so the button speaks the user's language; a label the operator wrote is shown as written.
 */
export const DEFAULT_OPENID_LABEL = 'Continue with OpenID';

export const isSocialLoginError = (value: unknown): value is SocialLoginError =>
  typeof value === 'string' && (SOCIAL_LOGIN_ERRORS as readonly string[]).includes(value);
