import type { FastifyReply } from 'fastify';
import { AppError } from './app-error';
import type { LimitCheck } from './rate-limit';

/** One counted window: the limiter's answer and the limit it was counted against. */
export interface WindowCheck {
  check: LimitCheck;
  max: number;
  windowInMinutes: number;
}

/**
 * Refuses a request that went over any of its windows: RATE_LIMITED with `Retry-After` (the longest wait) and, as
 * the message, the JSON the web reads (`{type, max, windowInMinutes}` of the first window refused). Does nothing
 * when every window allowed the request.
 */
export function refuseOverLimit(reply: FastifyReply, checks: readonly WindowCheck[], type: string): void {
  const refused = checks.filter((c) => !c.check.allowed);
  const first = refused[0];
  if (!first) return;
  reply.header('retry-after', String(Math.max(...refused.map((c) => c.check.retryAfterSeconds))));
  const details = { type, max: first.max, windowInMinutes: first.windowInMinutes };
  throw new AppError('RATE_LIMITED', JSON.stringify(details), details);
}
