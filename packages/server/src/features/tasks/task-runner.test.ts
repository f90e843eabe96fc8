import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import { enqueueTask, PermanentTaskError, type TaskHandler, type TaskRunContext } from './task';
import { createTaskRunner, type TaskRunnerOptions } from './task-runner';
import { deleteFailedTasks, findTask } from './tasks.repository';

// The runner against real databases, on a clock the tests move: claims, retries, leases, two runners on two
// connections. Nothing here waits on wall time.

const T0 = Date.UTC(2025, 0, 1);
const LEASE = 60_000;

function manualClock() {
  return {
    t: T0,
    now() {
      return this.t;
    },
    advance(ms: number) {
      this.t += ms;
    },
  };
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe.each(testDialects())('task runner on %s', (dialect) => {
  let database: TestDatabase;
  const others: DatabaseHandle[] = [];
  let clock: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    database = await freshDatabase(dialect);
    clock = manualClock();
  });
  afterEach(async () => {
    for (const o of others.splice(0)) await o.destroy();
    await database.cleanup();
  });

  const runner = (handlers: TaskRunnerOptions['handlers'], extra: Partial<TaskRunnerOptions> = {}) =>
    createTaskRunner({ db: database.db, handlers, clock, leaseMs: LEASE, concurrency: 4, ...extra });
  const secondConnection = () => {
    const handle = database.reopen();
    others.push(handle);
    return handle.db;
  };
  const enqueue = (kind: string, payload: unknown, options: Parameters<typeof enqueueTask>[3] = {}) =>
    enqueueTask(database.db, kind, payload, { clock, ...options });

  it('runs a queued task with its payload once, then deletes it', async () => {
    const seen: Array<{ payload: unknown; ctx: Omit<TaskRunContext, 'signal'> }> = [];
    const handler: TaskHandler = {
      run: async (payload, { signal: _, ...ctx }) => void seen.push({ payload, ctx }),
    };
    const id = await enqueue('greet', { name: 'Ada', n: [1, 2] });
    const r = runner({ greet: handler });
    expect(await r.poll()).toBe(1);
    await r.idle();
    expect(seen).toEqual([
      { payload: { name: 'Ada', n: [1, 2] }, ctx: { taskId: id, attempt: 1, maxAttempts: 5 } },
    ]);
    expect(await findTask(database.db, id!)).toBeUndefined();
    expect(await r.poll()).toBe(0);
  });

  it('queues the same work once while it is queued or running, and again once it ended', async () => {
    const first = await enqueue('index', { f: 1 }, { dedupeKey: 'file-1' });
    expect(first).toEqual(expect.any(String));
    expect(await enqueue('index', { f: 1 }, { dedupeKey: 'file-1' })).toBeUndefined();
    expect(await enqueue('index', { f: 2 }, { dedupeKey: 'file-2' })).toEqual(expect.any(String));
    const gate = deferred();
    const r = runner({ index: { run: () => gate.promise } });
    expect(await r.poll()).toBe(2);
    expect((await findTask(database.db, first!))?.status).toBe('running');
    expect(await enqueue('index', { f: 1 }, { dedupeKey: 'file-1' })).toBeUndefined();
    gate.resolve();
    await r.idle();
    expect(await enqueue('index', { f: 1 }, { dedupeKey: 'file-1' })).toEqual(expect.any(String));
  });

  it('waits for a delayed task and claims only the kinds it has handlers for', async () => {
    const ran: string[] = [];
    await enqueue('later', 'a', { delayMs: 10_000 });
    await enqueue('elsewhere', 'b');
    const r = runner({ later: { run: async (p) => void ran.push(p as string) } });
    expect(await r.poll()).toBe(0);
    clock.advance(9_999);
    expect(await r.poll()).toBe(0);
    clock.advance(1);
    expect(await r.poll()).toBe(1);
    await r.idle();
    expect(ran).toEqual(['a']);
    expect(await database.db.selectFrom('tasks').select(['kind', 'status']).execute()).toEqual([
      { kind: 'elsewhere', status: 'queued' },
    ]);
  });

  it('retries a failing task with growing waits, then fails it for good and tells its handler', async () => {
    const attempts: number[] = [];
    const failed: Array<[unknown, string]> = [];
    const id = await enqueue('flaky', { x: 1 }, { maxAttempts: 3 });
    const r = runner(
      {
        flaky: {
          run: async (_p, ctx) => {
            attempts.push(ctx.attempt);
            throw new Error(`upstream down (${ctx.attempt})`);
          },
          onFailed: async (payload, reason) => void failed.push([payload, reason]),
        },
      },
      { backoff: { baseMs: 1_000, maxMs: 1_500 } },
    );
    await r.poll();
    await r.idle();
    let row = await findTask(database.db, id!);
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'upstream down (1)',
      claimed_by: null,
    });
    expect(row?.run_after).toBe(new Date(T0 + 1_000).toISOString());
    clock.advance(999);
    expect(await r.poll()).toBe(0);
    clock.advance(1);
    await r.poll();
    await r.idle();
    row = await findTask(database.db, id!);
    // 1,000 * 2 = 2,000, capped at 1,500.
    expect(row?.run_after).toBe(new Date(clock.now() + 1_500).toISOString());
    clock.advance(1_500);
    await r.poll();
    await r.idle();
    row = await findTask(database.db, id!);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'upstream down (3)',
      claimed_by: null,
    });
    expect(attempts).toEqual([1, 2, 3]);
    expect(failed).toEqual([[{ x: 1 }, 'upstream down (3)']]);
    clock.advance(3_600_000);
    expect(await r.poll()).toBe(0);
  });

  it('fails a task at once on a PermanentTaskError or a payload that is not JSON', async () => {
    const failed: string[] = [];
    const handler: TaskHandler = {
      run: async () => {
        throw new PermanentTaskError('the file is encrypted');
      },
      onFailed: async (_p, reason) => void failed.push(reason),
    };
    const id = await enqueue('strict', {});
    await database.db
      .insertInto('tasks')
      .values({
        id: 'bad-json',
        kind: 'strict',
        payload: '{nope',
        dedupe_key: null,
        status: 'queued',
        attempts: 0,
        max_attempts: 5,
        run_after: new Date(T0).toISOString(),
        claimed_by: null,
        claimed_until: null,
        last_error: null,
        created_at: new Date(T0).toISOString(),
        updated_at: new Date(T0).toISOString(),
      })
      .execute();
    const r = runner({ strict: handler });
    expect(await r.poll()).toBe(2);
    await r.idle();
    expect(await findTask(database.db, id!)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await findTask(database.db, 'bad-json')).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'the task payload is not valid JSON',
    });
    expect(failed.sort()).toEqual(['the file is encrypted', 'the task payload is not valid JSON']);
  });

  it('runs each task once when two runners on two connections poll at the same time', async () => {
    const runs = new Map<string, number>();
    const count: TaskHandler = {
      run: async (p) => void runs.set(p as string, (runs.get(p as string) ?? 0) + 1),
    };
    const ids = Array.from({ length: 40 }, (_, i) => `t${i}`);
    for (const p of ids) await enqueue('count', p);
    const a = runner({ count }, { id: 'a', concurrency: 5 });
    const b = createTaskRunner({
      db: secondConnection(),
      handlers: { count },
      clock,
      leaseMs: LEASE,
      concurrency: 5,
      id: 'b',
    });
    const claimed = { a: 0, b: 0 };
    for (let round = 0; round < 20; round += 1) {
      const [na, nb] = await Promise.all([a.poll(), b.poll()]);
      claimed.a += na;
      claimed.b += nb;
      await Promise.all([a.idle(), b.idle()]);
    }
    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(claimed.a + claimed.b).toBe(40);
    expect(claimed.a).toBeGreaterThan(0);
    expect(claimed.b).toBeGreaterThan(0);
    expect(await database.db.selectFrom('tasks').select('id').execute()).toEqual([]);
  });

  it("resumes a killed runner's task on another connection once its lease ran out", async () => {
    const started = deferred();
    const dead = runner(
      { job: { run: () => (started.resolve(), new Promise<void>(() => {})) } },
      { id: 'dead' },
    );
    const id = await enqueue('job', { n: 7 });
    expect(await dead.poll()).toBe(1);
    await started.promise;
    // The process is gone: its runner never polls, renews or finishes again.
    const ran: Array<[unknown, number]> = [];
    const alive = createTaskRunner({
      db: secondConnection(),
      handlers: { job: { run: async (p, ctx) => void ran.push([p, ctx.attempt]) } },
      clock,
      leaseMs: LEASE,
      id: 'alive',
    });
    clock.advance(LEASE - 1);
    expect(await alive.poll()).toBe(0);
    clock.advance(1);
    expect(await alive.poll()).toBe(1);
    await alive.idle();
    expect(ran).toEqual([[{ n: 7 }, 2]]);
    expect(await findTask(database.db, id!)).toBeUndefined();
  });

  it('keeps a long task by renewing its lease, and a runner that lost its lease writes nothing', async () => {
    const gate = deferred();
    let signal: AbortSignal | undefined;
    const slow = runner({ job: { run: (_p, ctx) => ((signal = ctx.signal), gate.promise) } }, { id: 'slow' });
    const id = await enqueue('job', {});
    await slow.poll();
    const other = createTaskRunner({
      db: secondConnection(),
      handlers: { job: { run: () => new Promise<void>(() => {}) } },
      clock,
      leaseMs: LEASE,
      id: 'other',
    });
    // Two thirds of the lease left: nothing to renew yet.
    clock.advance(LEASE / 3 - 1);
    await slow.poll();
    expect((await findTask(database.db, id!))?.claimed_until).toBe(new Date(T0 + LEASE).toISOString());
    clock.advance(1);
    await slow.poll();
    expect((await findTask(database.db, id!))?.claimed_until).toBe(
      new Date(clock.now() + LEASE).toISOString(),
    );
    clock.advance(LEASE - 1);
    expect(await other.poll()).toBe(0);
    // The slow runner stalls past its lease: the other one takes the task over.
    clock.advance(1);
    expect(await other.poll()).toBe(1);
    expect(await findTask(database.db, id!)).toMatchObject({ claimed_by: 'other', attempts: 2 });
    await slow.poll();
    expect(signal?.aborted).toBe(true);
    gate.resolve();
    await slow.idle();
    expect(await findTask(database.db, id!)).toMatchObject({ status: 'running', claimed_by: 'other' });
  });

  it('fails a task whose runner died on its last attempt, once, and tells its handler', async () => {
    const failed: Array<[unknown, string]> = [];
    const onFailed = async (p: unknown, reason: string) => void failed.push([p, reason]);
    const dead = runner({ job: { run: () => new Promise<void>(() => {}), onFailed } });
    const id = await enqueue('job', { n: 1 }, { maxAttempts: 1 });
    await dead.poll();
    clock.advance(LEASE);
    const a = runner({ job: { run: async () => {}, onFailed } });
    const b = createTaskRunner({
      db: secondConnection(),
      handlers: { job: { run: async () => {}, onFailed } },
      clock,
    });
    expect(await Promise.all([a.poll(), b.poll()])).toEqual([0, 0]);
    expect(failed).toEqual([[{ n: 1 }, 'its runner stopped while running it, on every attempt']]);
    expect(await findTask(database.db, id!)).toMatchObject({
      status: 'failed',
      attempts: 1,
      claimed_by: null,
    });
  });

  it('deletes failed tasks once they are older than the given time, and nothing else', async () => {
    const failing = runner({ bad: { run: async () => Promise.reject(new PermanentTaskError('no')) } });
    const old = await enqueue('bad', 1);
    await failing.poll();
    await failing.idle();
    clock.advance(1_000);
    const recent = await enqueue('bad', 2);
    await failing.poll();
    await failing.idle();
    const queued = await enqueue('other', 3);
    expect(await deleteFailedTasks(database.db, T0 + 1_000)).toBe(1);
    expect(await findTask(database.db, old!)).toBeUndefined();
    expect((await findTask(database.db, recent!))?.status).toBe('failed');
    expect((await findTask(database.db, queued!))?.status).toBe('queued');
  });

  it('does not take more tasks than its concurrency', async () => {
    const gate = deferred();
    for (let i = 0; i < 5; i += 1) await enqueue('job', i);
    const r = runner({ job: { run: () => gate.promise } }, { concurrency: 2 });
    expect(await r.poll()).toBe(2);
    expect(await r.poll()).toBe(0);
    gate.resolve();
    await r.idle();
    expect(await r.poll()).toBe(2);
    await r.idle();
    expect(await r.poll()).toBe(1);
    await r.idle();
  });

  describe('started', () => {
    it('polls by itself, runs work queued later when woken, and stop waits for the running task', async () => {
      const first = deferred<unknown>();
      const gate = deferred();
      const second = deferred<unknown>();
      await enqueue('job', 'first');
      const r = runner(
        {
          job: {
            run: async (p) => {
              if (p === 'first') return first.resolve(p);
              second.resolve(p);
              await gate.promise;
            },
          },
        },
        // Only the first look and wake() poll within this test: the interval never comes.
        { pollMs: 3_600_000 },
      );
      r.start();
      expect(await first.promise).toBe('first');
      await r.idle();
      const secondId = await enqueue('job', 'second');
      r.wake();
      expect(await second.promise).toBe('second');
      let stopped = false;
      const stopping = r.stop().then(() => (stopped = true));
      expect((await findTask(database.db, secondId!))?.status).toBe('running');
      expect(stopped).toBe(false);
      gate.resolve();
      await stopping;
      expect(await database.db.selectFrom('tasks').select('id').execute()).toEqual([]);
    });

    it('stop with abort aborts the running task and queues it again for the next start', async () => {
      const started = deferred();
      const r = runner({
        job: {
          run: (_p, ctx) =>
            new Promise<void>((_, reject) => {
              started.resolve();
              ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
            }),
        },
      });
      const id = await enqueue('job', {});
      r.start();
      await started.promise;
      await r.stop({ abort: true });
      expect(await findTask(database.db, id!)).toMatchObject({
        status: 'queued',
        attempts: 1,
        claimed_by: null,
        last_error: 'the task runner stopped',
        run_after: new Date(T0).toISOString(),
      });
    });

    it('reports a database error and keeps polling', async () => {
      await database.db.schema.dropTable('tasks').execute();
      const errors = deferred<unknown>();
      let reported = 0;
      const r = createTaskRunner({
        db: database.db,
        handlers: { job: { run: async () => {} } },
        clock,
        pollMs: 1,
        onError: (error) => {
          reported += 1;
          if (reported === 2) errors.resolve(error);
        },
      });
      r.start();
      expect(String(await errors.promise)).toMatch(/tasks/);
      await r.stop();
    });
  });
});
