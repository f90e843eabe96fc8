import type { ApiErrorBody } from '@parley/shared';

/** A non-2xx answer (or an unreadable one) from the API. `status` is 0 when the network failed. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ApiErrorBody> | null;

  constructor(status: number, message: string, body: Partial<ApiErrorBody> | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text a user would see for an error; the 'ban' rule (docs/reference/accounts.md (Bans)) looks at it. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** True when the error says the account is banned: its text contains 'ban' (docs/reference/accounts.md (Bans)). */
export function isBanError(error: unknown): boolean {
  return errorText(error).includes('ban') || (isApiError(error) && error.body?.code === 'BANNED');
}
