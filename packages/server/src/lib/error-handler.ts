import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_STATUS, type ApiErrorBody } from '@parley/shared';
import { AppError } from './app-error';
import { clientErrorBody } from './client-errors';
import { RETRY_AFTER_SECONDS, toUnavailableError } from './unavailable';

/** The one place that turns errors into HTTP answers (docs/architecture.md (Errors)). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    // A database or Redis outage: 503 with Retry-After, whatever the failing query was.
    const outage = toUnavailableError(thrown);
    if (outage) {
      request.log.warn({ err: thrown }, 'service unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    }
    const error = outage ?? thrown;
    if (error instanceof AppError) {
      const { field, key, ...details } = error.details ?? {};
      const body: ApiErrorBody = { code: error.code, message: error.message };
      if (typeof field === 'string') body.field = field;
      if (typeof key === 'string') body.key = key;
      if (Object.keys(details).length > 0) body.details = details;
      return reply.status(ERROR_STATUS[error.code]).send(body);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large (413), unsupported media type, rate limits.
      return reply.status(status).send(clientErrorBody(status, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: 'INTERNAL', message: 'Internal server error' } satisfies ApiErrorBody);
  });
}
