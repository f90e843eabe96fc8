import { AppError } from './app-error';

/** What a client is told to wait before retrying while a service is down (`Retry-After`, seconds). */
export const RETRY_AFTER_SECONDS = 5;

/** `service`: a socket error that does not say whose (a database, Redis or storage connection). */
export type UnavailableService = 'database' | 'redis' | 'service';

// Socket-level failures: the service is down, restarting or unreachable (either client may report them).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

// PostgreSQL SQLSTATEs: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting or
// stopping), 53300 too many connections; class 08 is "connection exception".
const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

// node-postgres reports a lost or slow connection by message only.
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection is not queryable',
];

// ioredis: offline queue disabled, queue flushed after the reconnect attempts, connection closed.
const REDIS_MESSAGES = [
  "Stream isn't writeable",
  'Reached the max retries per request limit',
  'Connection is closed',
  'Command timed out',
];

/**
 * Which service an error says is unreachable, or null when it is an ordinary error. Looks through `cause`
 * and AggregateError's `errors` (a host name with two addresses fails with both).
 */
export function unavailableServiceOf(error: unknown, depth = 0): UnavailableService | null {
  if (!error || typeof error !== 'object' || depth > 4) return null;
  if (error instanceof AppError) {
    return error.code === 'UNAVAILABLE'
      ? ((error.details?.service as UnavailableService) ?? 'database')
      : null;
  }
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((m) => text.includes(m))) return 'redis';
  if (typeof code === 'string' && (PG_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return 'database';
  if (PG_MESSAGES.some((m) => text.includes(m))) return 'database';
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return 'service';
  const nested = [(error as { cause?: unknown }).cause, ...((error as { errors?: unknown[] }).errors ?? [])];
  for (const inner of nested) {
    const service = unavailableServiceOf(inner, depth + 1);
    if (service) return service;
  }
  return null;
}

const MESSAGES: Record<UnavailableService, string> = {
  database: 'The database is unavailable right now. Please retry in a few seconds.',
  redis:
    'Redis is unavailable right now, so new messages, sign-ins and uploads are paused. Please retry in a few seconds.',
  service: 'A service Parley depends on is unavailable right now. Please retry in a few seconds.',
};

/** The 503 answer for an outage of `service`. */
export const unavailableError = (service: UnavailableService): AppError =>
  new AppError('UNAVAILABLE', MESSAGES[service], { service });

/** The error as the API answers it (503 UNAVAILABLE), or null when it is not an outage. */
export function toUnavailableError(error: unknown): AppError | null {
  if (error instanceof AppError) return error.code === 'UNAVAILABLE' ? error : null;
  const service = unavailableServiceOf(error);
  return service ? unavailableError(service) : null;
}

export interface RetryOptions {
  /** Give up after this long (then the last error is thrown as UNAVAILABLE). */
  maxMs?: number;
  /** First wait; doubles up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Told once per failed attempt (for a log line). */
  onRetry?: (error: unknown, attempt: number) => void;
  signal?: AbortSignal;
}

/** How long work that must not be lost (a finished reply's save) keeps trying while a service is down. */
export const OUTAGE_RETRY_MS = 3 * 60_000;

/**
 * Runs `fn`, and while it fails because a service is unreachable, waits (backing off) and runs it again, for
 * up to `maxMs`. Any other error is thrown at once. Giving up throws an UNAVAILABLE AppError.
 */
export async function retryWhileUnavailable<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { maxMs = OUTAGE_RETRY_MS, baseDelayMs = 200, maxDelayMs = 5_000, onRetry, signal } = options;
  const deadline = Date.now() + maxMs;
  let delay = baseDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      const outage = toUnavailableError(error);
      if (!outage) throw error;
      if (Date.now() + delay > deadline || signal?.aborted) throw outage;
      onRetry?.(error, attempt);
      await pause(delay, signal);
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}

/** Waits `ms`, or less if `signal` aborts (a closing store stops its retries at once). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
