/** The closed set of error codes the API answers with (docs/architecture.md (Errors)). */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'BANNED',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYMENT_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'REGISTRATION_DISABLED',
  'UNAVAILABLE',
  'BAD_GATEWAY',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status for each error code. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  BANNED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  /** A send the user's credits and free uses cannot pay for (`token_balance`). */
  PAYMENT_REQUIRED: 402,
  PAYLOAD_TOO_LARGE: 413,
  REGISTRATION_DISABLED: 403,
  /** The database or Redis is unreachable for now; the answer carries `Retry-After`. */
  UNAVAILABLE: 503,
  /** A service Parley relies on for this call (an SMS provider) refused or failed; no detail is passed on. */
  BAD_GATEWAY: 502,
  INTERNAL: 500,
};

// The JSON body of every error answer, ApiErrorBody, is a schema of the route table (api/api-route.ts).

/** The four login error keys, chosen from the status (docs/reference/accounts.md (Signing in)). */
export function loginErrorKey(status: number | string | undefined): string {
  const text = String(status ?? '');
  if (text.includes('429')) return 'com_auth_error_login_rl';
  if (text.includes('403')) return 'com_auth_error_login_ban';
  if (text.includes('500')) return 'com_auth_error_login_server';
  return 'com_auth_error_login';
}
