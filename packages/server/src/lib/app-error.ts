import type { ErrorCode } from '@parley/shared';

/** The one error type services throw; the error handler maps its code to a status (docs/architecture.md (Errors)). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown> & { field?: string; key?: string },
    /** What went wrong underneath (a provider's refusal), logged with a 5xx answer, never sent. */
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}
