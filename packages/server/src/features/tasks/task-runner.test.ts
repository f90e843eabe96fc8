import { describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { PermanentTaskError, type TaskHandler, type TaskRunContext } from './task';
import { deleteFailedTasks, findTask } from './tasks.repository';
import { deferred, T0, useTaskBed } from './tasks.test-helpers';

// The runner against real databases, on a clock the tests move: claims, payloads, dedupe, delays, retries with
// backoff, permanent failures, concurrency. Nothing here waits on wall time.

describe.each(testDialects())('task runner on %s', (dialect) => {
  const t = useTaskBed(dialect);

  it('runs a queued task with its payload once, then deletes it', async () => {
    const seen: Array<{ payload: unknown; ctx: Omit<TaskRunContext, 'signal'> }> = [];
    const handler: TaskHandler = {
      run: async (payload, { signal: _, ...ctx }) => void seen.push({ payload, ctx }),
    };
    const id = await t.enqueue('greet', { name: 'Ada', n: [1, 2] });
    const r = t.runner({ greet: handler });
    expect(await r.poll()).toBe(1);
    await r.idle();
    expect(seen).toEqual([
      { payload: { name: 'Ada', n: [1, 2] }, ctx: { taskId: id, attempt: 1, maxAttempts: 5 } },
    ]);
    expect(await findTask(t.db, id!)).toBeUndefined();
    expect(await r.poll()).toBe(0);
  });

  it('queues the same work once while it is queued or running, and again once it ended', async () => {
    const first = await t.enqueue('index', { f: 1 }, { dedupeKey: 'file-1' });
    expect(first).toEqual(expect.any(String));
    expect(await t.enqueue('index', { f: 1 }, { dedupeKey: 'file-1' })).toBeUndefined();
    expect(await t.enqueue('index', { f: 2 }, { dedupeKey: 'file-2' })).toEqual(expect.any(String));
    const gate = deferred();
    const r = t.runner({ index: { run: () => gate.promise } });
    expect(await r.poll()).toBe(2);
    expect((await findTask(t.db, first!))?.status).toBe('running');
    expect(await t.enqueue('index', { f: 1 }, { dedupeKey: 'file-1' })).toBeUndefined();
    gate.resolve();
    await r.idle();
    expect(await t.enqueue('index', { f: 1 }, { dedupeKey: 'file-1' })).toEqual(expect.any(String));
  });

  it('waits for a delayed task and claims only the kinds it has handlers for', async () => {
    const ran: string[] = [];
    await t.enqueue('later', 'a', { delayMs: 10_000 });
    await t.enqueue('elsewhere', 'b');
    const r = t.runner({ later: { run: async (p) => void ran.push(p as string) } });
    expect(await r.poll()).toBe(0);
    t.clock.advance(9_999);
    expect(await r.poll()).toBe(0);
    t.clock.advance(1);
    expect(await r.poll()).toBe(1);
    await r.idle();
    expect(ran).toEqual(['a']);
    expect(await t.db.selectFrom('tasks').select(['kind', 'status']).execute()).toEqual([
      { kind: 'elsewhere', status: 'queued' },
    ]);
  });

  it('retries a failing task with growing waits, then fails it for good and tells its handler', async () => {
    const attempts: number[] = [];
    const failed: Array<[unknown, string]> = [];
    const id = await t.enqueue('flaky', { x: 1 }, { maxAttempts: 3 });
    const r = t.runner(
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
    let row = await findTask(t.db, id!);
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'upstream down (1)',
      claimed_by: null,
    });
    expect(row?.run_after).toBe(new Date(T0 + 1_000).toISOString());
    t.clock.advance(999);
    expect(await r.poll()).toBe(0);
    t.clock.advance(1);
    await r.poll();
    await r.idle();
    row = await findTask(t.db, id!);
    // 1,000 * 2 = 2,000, capped at 1,500.
    expect(row?.run_after).toBe(new Date(t.clock.now() + 1_500).toISOString());
    t.clock.advance(1_500);
    await r.poll();
    await r.idle();
    row = await findTask(t.db, id!);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'upstream down (3)',
      claimed_by: null,
    });
    expect(attempts).toEqual([1, 2, 3]);
    expect(failed).toEqual([[{ x: 1 }, 'upstream down (3)']]);
    t.clock.advance(3_600_000);
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
    const id = await t.enqueue('strict', {});
    await t.db
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
    const r = t.runner({ strict: handler });
    expect(await r.poll()).toBe(2);
    await r.idle();
    expect(await findTask(t.db, id!)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await findTask(t.db, 'bad-json')).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'the task payload is not valid JSON',
    });
    expect(failed.sort()).toEqual(['the file is encrypted', 'the task payload is not valid JSON']);
  });

  it('deletes failed tasks once they are older than the given time, and nothing else', async () => {
    const failing = t.runner({ bad: { run: async () => Promise.reject(new PermanentTaskError('no')) } });
    const old = await t.enqueue('bad', 1);
    await failing.poll();
    await failing.idle();
    t.clock.advance(1_000);
    const recent = await t.enqueue('bad', 2);
    await failing.poll();
    await failing.idle();
    const queued = await t.enqueue('other', 3);
    expect(await deleteFailedTasks(t.db, T0 + 1_000)).toBe(1);
    expect(await findTask(t.db, old!)).toBeUndefined();
    expect((await findTask(t.db, recent!))?.status).toBe('failed');
    expect((await findTask(t.db, queued!))?.status).toBe('queued');
  });

  it('deletes failed tasks past keepFailedMs as it polls, at most once every cleanEveryMs', async () => {
    const options = { keepFailedMs: 10_000, cleanEveryMs: 8_000 };
    const r = t.runner({ bad: { run: async () => Promise.reject(new PermanentTaskError('no')) } }, options);
    const old = await t.enqueue('bad', 1);
    await r.poll(); // cleans (nothing yet), then runs `old`, which fails at T0
    await r.idle();
    t.clock.advance(8_000);
    const recent = await t.enqueue('bad', 2);
    await r.poll(); // cleans again (nothing is 10 s old), then `recent` fails at T0 + 8 s
    await r.idle();
    t.clock.advance(3_000);
    await r.poll(); // `old` is 11 s old, but the last clean was 3 s ago
    expect((await findTask(t.db, old!))?.status).toBe('failed');
    t.clock.advance(5_000);
    await r.poll(); // 8 s since the last clean: `old` (16 s) goes, `recent` (8 s) stays
    expect(await findTask(t.db, old!)).toBeUndefined();
    expect((await findTask(t.db, recent!))?.status).toBe('failed');
  });

  it('does not take more tasks than its concurrency', async () => {
    const gate = deferred();
    for (let i = 0; i < 5; i += 1) await t.enqueue('job', i);
    const r = t.runner({ job: { run: () => gate.promise } }, { concurrency: 2 });
    expect(await r.poll()).toBe(2);
    expect(await r.poll()).toBe(0);
    gate.resolve();
    await r.idle();
    expect(await r.poll()).toBe(2);
    await r.idle();
    expect(await r.poll()).toBe(1);
    await r.idle();
  });
});
