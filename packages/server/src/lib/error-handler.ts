import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_STATUS, type ApiErrorBody } from '@parley/shared';
import { AppError } from './app-error';
import { clientErrorBody } from './client-errors';
import { RETRY_AFTER_SECONDS, toUnavailableError } from './unavailable';

/** An error as the API answers it: the status, the JSON body, and the headers to add. */
export interface ErrorAnswer {
  status: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
}

/**
 * The one place that turns errors into HTTP answers (docs/architecture.md (Errors)). Logs what the server should
 * hear about (an outage, an unhandled error).
 */
export function errorAnswer(thrown: FastifyError | AppError, request: FastifyRequest): ErrorAnswer {
  // A database or Redis outage: 503 with Retry-After, whatever the failing query was.
  const outage = toUnavailableError(thrown);
  const headers: Record<string, string> = {};
  if (outage) {
    request.log.warn({ err: thrown }, 'service unavailable');
    headers['retry-after'] = String(RETRY_AFTER_SECONDS);
  }
  const error = outage ?? thrown;
  if (error instanceof AppError) {
    // The client gets the message; the operator needs the cause of a server-side failure (a provider's refusal).
    if (error.cause !== undefined && ERROR_STATUS[error.code] >= 500) {
      request.log.error({ err: error.cause }, error.message);
    }
    const { field, key, ...details } = error.details ?? {};
    const body: ApiErrorBody = { code: error.code, message: error.message };
    if (typeof field === 'string') body.field = field;
    if (typeof key === 'string') body.key = key;
    if (Object.keys(details).length > 0) body.details = details;
    return { status: ERROR_STATUS[error.code], body, headers };
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: malformed JSON, body too large (413), unsupported media type, rate limits.
    return { status, body: clientErrorBody(status, error.message), headers };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, body: { code: 'INTERNAL', message: 'Internal server error' }, headers };
}

/** Answers every error the routes throw through {@link errorAnswer}. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    const { status, body, headers } = errorAnswer(thrown, request);
    return reply.status(status).headers(headers).send(body);
  });
}
