import { describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import type { TaskHandler } from './task';
import { createTaskRunner } from './task-runner';
import { findTask } from './tasks.repository';
import { deferred, LEASE, T0, useTaskBed } from './tasks.test-helpers';

// Claims across instances: two runners on two connections to one database, a runner that died holding a task, a
// lease renewed while a task runs and one lost. Clocks are the tests'; nothing waits on wall time.

describe.each(testDialects())('task leases on %s', (dialect) => {
  const t = useTaskBed(dialect);

  it('runs each task once when two runners on two connections poll at the same time', async () => {
    const runs = new Map<string, number>();
    const count: TaskHandler = {
      run: async (p) => void runs.set(p as string, (runs.get(p as string) ?? 0) + 1),
    };
    const ids = Array.from({ length: 40 }, (_, i) => `t${i}`);
    for (const p of ids) await t.enqueue('count', p);
    const a = t.runner({ count }, { id: 'a', concurrency: 5 });
    const b = createTaskRunner({
      db: t.secondConnection(),
      handlers: { count },
      clock: t.clock,
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
    expect(await t.db.selectFrom('tasks').select('id').execute()).toEqual([]);
  });

  it("resumes a killed runner's task on another connection once its lease ran out", async () => {
    const started = deferred();
    const dead = t.runner(
      { job: { run: () => (started.resolve(), new Promise<void>(() => {})) } },
      { id: 'dead' },
    );
    const id = await t.enqueue('job', { n: 7 });
    expect(await dead.poll()).toBe(1);
    await started.promise;
    // The process is gone: its runner never polls, renews or finishes again.
    const ran: Array<[unknown, number]> = [];
    const alive = createTaskRunner({
      db: t.secondConnection(),
      handlers: { job: { run: async (p, ctx) => void ran.push([p, ctx.attempt]) } },
      clock: t.clock,
      leaseMs: LEASE,
      id: 'alive',
    });
    t.clock.advance(LEASE - 1);
    expect(await alive.poll()).toBe(0);
    t.clock.advance(1);
    expect(await alive.poll()).toBe(1);
    await alive.idle();
    expect(ran).toEqual([[{ n: 7 }, 2]]);
    expect(await findTask(t.db, id!)).toBeUndefined();
  });

  it('keeps a long task by renewing its lease, and a runner that lost its lease writes nothing', async () => {
    const gate = deferred();
    let signal: AbortSignal | undefined;
    const slow = t.runner(
      { job: { run: (_p, ctx) => ((signal = ctx.signal), gate.promise) } },
      { id: 'slow' },
    );
    const id = await t.enqueue('job', {});
    await slow.poll();
    const other = createTaskRunner({
      db: t.secondConnection(),
      handlers: { job: { run: () => new Promise<void>(() => {}) } },
      clock: t.clock,
      leaseMs: LEASE,
      id: 'other',
    });
    // Two thirds of the lease left: nothing to renew yet.
    t.clock.advance(LEASE / 3 - 1);
    await slow.poll();
    expect((await findTask(t.db, id!))?.claimed_until).toBe(new Date(T0 + LEASE).toISOString());
    t.clock.advance(1);
    await slow.poll();
    expect((await findTask(t.db, id!))?.claimed_until).toBe(new Date(t.clock.now() + LEASE).toISOString());
    t.clock.advance(LEASE - 1);
    expect(await other.poll()).toBe(0);
    // The slow runner stalls past its lease: the other one takes the task over.
    t.clock.advance(1);
    expect(await other.poll()).toBe(1);
    expect(await findTask(t.db, id!)).toMatchObject({ claimed_by: 'other', attempts: 2 });
    await slow.poll();
    expect(signal?.aborted).toBe(true);
    gate.resolve();
    await slow.idle();
    expect(await findTask(t.db, id!)).toMatchObject({ status: 'running', claimed_by: 'other' });
  });

  it('fails a task whose runner died on its last attempt, once, and tells its handler', async () => {
    const failed: Array<[unknown, string]> = [];
    const onFailed = async (p: unknown, reason: string) => void failed.push([p, reason]);
    const dead = t.runner({ job: { run: () => new Promise<void>(() => {}), onFailed } });
    const id = await t.enqueue('job', { n: 1 }, { maxAttempts: 1 });
    await dead.poll();
    t.clock.advance(LEASE);
    const a = t.runner({ job: { run: async () => {}, onFailed } });
    const b = createTaskRunner({
      db: t.secondConnection(),
      handlers: { job: { run: async () => {}, onFailed } },
      clock: t.clock,
    });
    expect(await Promise.all([a.poll(), b.poll()])).toEqual([0, 0]);
    expect(failed).toEqual([[{ n: 1 }, 'its runner stopped while running it, on every attempt']]);
    expect(await findTask(t.db, id!)).toMatchObject({
      status: 'failed',
      attempts: 1,
      claimed_by: null,
    });
  });
});
