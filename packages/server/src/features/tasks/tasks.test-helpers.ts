import { afterEach, beforeEach } from 'vitest';
import type { DatabaseHandle, Db, DialectName } from '../../db/database';
import { freshDatabase, type TestDatabase } from '../../../test/dialects.test-helpers';
import { enqueueTask, type EnqueueOptions } from './task';
import { createTaskRunner, type TaskRunner, type TaskRunnerOptions } from './task-runner';

/** The tests' start of time, and the lease their runners hold. */
export const T0 = Date.UTC(2025, 0, 1);
export const LEASE = 60_000;

export interface ManualClock {
  now(): number;
  advance(ms: number): void;
}

/** A clock that moves only when the test says. */
export function manualClock(): ManualClock {
  let t = T0;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

/** A promise and its resolve and reject, for a handler that waits on the test. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface TaskBed {
  readonly db: Db;
  readonly database: TestDatabase;
  readonly clock: ManualClock;
  /** A runner on the test's database and clock (lease LEASE, four at once unless `extra` says). */
  runner(handlers: TaskRunnerOptions['handlers'], extra?: Partial<TaskRunnerOptions>): TaskRunner;
  /** A second connection to the same database (what another instance would open), closed after the test. */
  secondConnection(): Db;
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<string | undefined>;
}

/** A fresh database and clock for each test of the calling describe block. */
export function useTaskBed(dialect: DialectName): TaskBed {
  let database: TestDatabase;
  let clock = manualClock();
  const others: DatabaseHandle[] = [];
  beforeEach(async () => {
    database = await freshDatabase(dialect);
    clock = manualClock();
  });
  afterEach(async () => {
    for (const o of others.splice(0)) await o.destroy();
    await database.cleanup();
  });
  return {
    get db() {
      return database.db;
    },
    get database() {
      return database;
    },
    get clock() {
      return clock;
    },
    runner: (handlers, extra = {}) =>
      createTaskRunner({ db: database.db, handlers, clock, leaseMs: LEASE, concurrency: 4, ...extra }),
    secondConnection() {
      const handle = database.reopen();
      others.push(handle);
      return handle.db;
    },
    enqueue: (kind, payload, options = {}) => enqueueTask(database.db, kind, payload, { clock, ...options }),
  };
}
