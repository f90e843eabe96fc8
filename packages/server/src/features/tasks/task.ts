import type { Db } from '../../db/database';
import { insertTask } from './tasks.repository';

/** Where the runner reads the time: injected in tests, so leases and backoff follow a clock they move. */
export interface TaskClock {
  now(): number;
}

export const systemClock: TaskClock = { now: () => Date.now() };

/** What a handler's run gets besides its payload. */
export interface TaskRunContext {
  taskId: string;
  /** This run's number, from 1. */
  attempt: number;
  maxAttempts: number;
  /** Aborts when the runner lost the task's lease (another runner may have it now) or is stopped with `abort`. */
  signal: AbortSignal;
}

/**
 * How one kind of task is run. `run` resolving ends the task; throwing retries it later (backoff), unless it throws a
 * PermanentTaskError or it was the last attempt. `onFailed` hears of a task given up on (its last attempt failed, or its
 * runner died on every attempt), to record the failure where a user sees it.
 */
export interface TaskHandler {
  run(payload: unknown, ctx: TaskRunContext): Promise<void>;
  onFailed?(payload: unknown, reason: string): Promise<void>;
}

/** Thrown by a handler for a failure no retry can mend (bad payload, a refused input): the task fails at once. */
export class PermanentTaskError extends Error {
  override name = 'PermanentTaskError';
}

/** Runs a task gets when its enqueuer does not say (the first run and four retries). */
export const DEFAULT_MAX_ATTEMPTS = 5;

export interface EnqueueOptions {
  /** Same key, queued once while queued or running. */
  dedupeKey?: string;
  /** Delay before the first run, ms. */
  delayMs?: number;
  maxAttempts?: number;
  clock?: TaskClock;
}

/**
 * Queues durable work for a runner with a handler of `kind` (on any instance). In the caller's transaction when `db` is
 * one. Answers the task's id, or undefined when the same work (`dedupeKey`) is already queued or running.
 */
export function enqueueTask(
  db: Db,
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<string | undefined> {
  const now = (options.clock ?? systemClock).now();
  return insertTask(
    db,
    {
      kind,
      payload,
      ...(options.dedupeKey === undefined ? {} : { dedupeKey: options.dedupeKey }),
      runAfter: now + (options.delayMs ?? 0),
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    },
    now,
  );
}
