import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { PermanentTaskError, systemClock, type TaskClock, type TaskHandler } from './task';
import {
  anyTaskDue,
  claimTasks,
  deleteClaimedTask,
  deleteFailedTasks,
  failExhaustedTasks,
  releaseTask,
  renewLeases,
} from './tasks.repository';
import type { TaskRow } from './tasks.table';

export interface TaskRunnerOptions {
  db: Db;
  /** The kinds this runner runs; tasks of other kinds are left for runners that have them. */
  handlers: Readonly<Record<string, TaskHandler>>;
  clock?: TaskClock;
  /** How often it looks for due work, ms (1 s by default); `wake()` looks at once. */
  pollMs?: number;
  /** Tasks run at once by this runner (2 by default). */
  concurrency?: number;
  /** How long a claim holds (60 s by default); renewed while the task runs, so only a dead runner's claim ends. */
  leaseMs?: number;
  /** Wait before retry n: baseMs * 2^(n-1), at most maxMs (5 s and 10 min by default). */
  backoff?: { baseMs: number; maxMs: number };
  /**
   * A failed task is kept this long for an operator to read (`tasks.last_error`), then deleted (7 days by default);
   * a runner looks for such tasks on its first poll and then at most once every `cleanEveryMs` (1 hour by default).
   */
  keepFailedMs?: number;
  cleanEveryMs?: number;
  /** This runner's name in `claimed_by` (a random id by default). */
  id?: string;
  /** Errors no task answers for (the database unreachable while polling, a failing `onFailed`). */
  onError?(error: unknown): void;
}

export interface TaskRunner {
  readonly id: string;
  /** Polls every `pollMs` until stopped. */
  start(): void;
  /** Stops polling and waits for the tasks running; `abort` first aborts their signals (they are retried later). */
  stop(options?: { abort?: boolean }): Promise<void>;
  /** One look: renews this runner's leases, then claims and starts due tasks up to free slots; answers how many. */
  poll(): Promise<number>;
  /** Resolves when none of this runner's tasks is running. */
  idle(): Promise<void>;
  /** Looks for work soon (call after queueing work in this process, so it does not wait for the next poll). */
  wake(): void;
}

interface Running {
  row: TaskRow;
  controller: AbortController;
  leaseUntil: number;
  lost: boolean;
  done: Promise<void>;
}

const message = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'failed';

export function createTaskRunner(options: TaskRunnerOptions): TaskRunner {
  const { db, handlers } = options;
  const clock = options.clock ?? systemClock;
  const pollMs = options.pollMs ?? 1_000;
  const concurrency = options.concurrency ?? 2;
  const leaseMs = options.leaseMs ?? 60_000;
  const backoff = options.backoff ?? { baseMs: 5_000, maxMs: 600_000 };
  const onError = options.onError ?? (() => {});
  const keepFailedMs = options.keepFailedMs ?? 7 * 24 * 3_600_000;
  const cleanEveryMs = options.cleanEveryMs ?? 3_600_000;
  let cleanedAt = Number.NEGATIVE_INFINITY;
  const id = options.id ?? `runner-${randomUUID()}`;
  const kinds = Object.keys(handlers);
  const running = new Map<string, Running>();
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling: Promise<number> | undefined;

  async function renew(): Promise<void> {
    const now = clock.now();
    // Renewed once a third of the lease is spent: a write per task every lease/3, not every poll.
    const stale = [...running.values()].filter((r) => !r.lost && r.leaseUntil - now <= (leaseMs * 2) / 3);
    if (stale.length === 0) return;
    const leaseUntil = now + leaseMs;
    const held = await renewLeases(
      db,
      id,
      stale.map((r) => r.row.id),
      leaseUntil,
      now,
    );
    for (const r of stale) {
      if (held.has(r.row.id)) r.leaseUntil = leaseUntil;
      else {
        r.lost = true;
        r.controller.abort(new Error('the task lease was lost'));
      }
    }
  }

  async function finish(r: Running, payload: unknown, error: unknown): Promise<void> {
    const { row } = r;
    const now = clock.now();
    if (error === undefined) {
      await deleteClaimedTask(db, row.id, id);
      return;
    }
    if (r.controller.signal.aborted) {
      // Stopped with `abort`: queued again for the next start, as if the run had not happened.
      await releaseTask(db, { id: row.id, runner: id, error: message(error), runAfter: now, now });
      return;
    }
    if (error instanceof PermanentTaskError || row.attempts >= row.max_attempts) {
      await handlers[row.kind]?.onFailed?.(payload, message(error));
      await releaseTask(db, { id: row.id, runner: id, error: message(error), now });
      return;
    }
    const delay = Math.min(backoff.baseMs * 2 ** (row.attempts - 1), backoff.maxMs);
    await releaseTask(db, { id: row.id, runner: id, error: message(error), runAfter: now + delay, now });
  }

  async function execute(r: Running): Promise<void> {
    const { row } = r;
    const payload = parsePayload(row.payload);
    let error: unknown;
    try {
      if (payload === INVALID) throw new PermanentTaskError('the task payload is not valid JSON');
      await handlers[row.kind]!.run(payload, {
        taskId: row.id,
        attempt: row.attempts,
        maxAttempts: row.max_attempts,
        signal: r.controller.signal,
      });
    } catch (caught) {
      error = caught ?? new Error('failed');
    }
    // A runner that lost the lease writes nothing: the task is another runner's now.
    if (!r.lost) await finish(r, payload === INVALID ? undefined : payload, error).catch(onError);
  }

  function launch(row: TaskRow): void {
    const r: Running = {
      row,
      controller: new AbortController(),
      leaseUntil: row.claimed_until ? Date.parse(row.claimed_until) : clock.now() + leaseMs,
      lost: false,
      done: Promise.resolve(),
    };
    r.done = execute(r).finally(() => {
      running.delete(row.id);
      if (started) wake();
    });
    running.set(row.id, r);
  }

  async function pollOnce(): Promise<number> {
    await renew();
    if (clock.now() - cleanedAt >= cleanEveryMs) {
      cleanedAt = clock.now();
      await deleteFailedTasks(db, cleanedAt - keepFailedMs);
    }
    const free = concurrency - running.size;
    if (free <= 0 || !(await anyTaskDue(db, kinds, clock.now()))) return 0;
    for (const row of await failExhaustedTasks(db, kinds, clock.now())) {
      await handlers[row.kind]
        ?.onFailed?.(orUndefined(parsePayload(row.payload)), row.last_error ?? 'failed')
        .catch(onError);
    }
    const now = clock.now();
    const rows = await claimTasks(db, { kinds, runner: id, limit: free, now, leaseUntil: now + leaseMs });
    rows.forEach(launch);
    return rows.length;
  }

  function poll(): Promise<number> {
    polling ??= pollOnce().finally(() => {
      polling = undefined;
    });
    return polling;
  }

  function schedule(ms: number): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void poll()
        .catch(onError)
        .finally(() => {
          if (started && timer === undefined) schedule(pollMs);
        });
    }, ms);
  }

  function wake(): void {
    if (started) schedule(0);
  }

  async function idle(): Promise<void> {
    while (running.size > 0) await Promise.all([...running.values()].map((r) => r.done));
  }

  return {
    id,
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop({ abort = false } = {}) {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await polling?.catch(() => {});
      if (abort) for (const r of running.values()) r.controller.abort(new Error('the task runner stopped'));
      await idle();
    },
    poll,
    idle,
    wake,
  };
}

const INVALID = Symbol('invalid payload');

function parsePayload(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return INVALID;
  }
}

const orUndefined = (value: unknown): unknown => (value === INVALID ? undefined : value);
