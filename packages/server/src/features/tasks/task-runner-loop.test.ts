import { describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { createTaskRunner } from './task-runner';
import { findTask } from './tasks.repository';
import { deferred, T0, useTaskBed } from './tasks.test-helpers';

// A started runner: it polls by itself, wake() looks at once, stop() waits for (or aborts) running work, and a
// database error is reported without stopping it. Each test waits on what its handler signals, never on a timer.

describe.each(testDialects())('started task runner on %s', (dialect) => {
  const t = useTaskBed(dialect);

  it('polls by itself, runs work queued later when woken, and stop waits for the running task', async () => {
    const first = deferred<unknown>();
    const gate = deferred();
    const second = deferred<unknown>();
    await t.enqueue('job', 'first');
    const r = t.runner(
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
    const secondId = await t.enqueue('job', 'second');
    r.wake();
    expect(await second.promise).toBe('second');
    let stopped = false;
    const stopping = r.stop().then(() => (stopped = true));
    expect((await findTask(t.db, secondId!))?.status).toBe('running');
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(await t.db.selectFrom('tasks').select('id').execute()).toEqual([]);
  });

  it('stop with abort aborts the running task and queues it again for the next start', async () => {
    const started = deferred();
    const r = t.runner({
      job: {
        run: (_p, ctx) =>
          new Promise<void>((_, reject) => {
            started.resolve();
            ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
          }),
      },
    });
    const id = await t.enqueue('job', {});
    r.start();
    await started.promise;
    await r.stop({ abort: true });
    expect(await findTask(t.db, id!)).toMatchObject({
      status: 'queued',
      attempts: 1,
      claimed_by: null,
      last_error: 'the task runner stopped',
      run_after: new Date(T0).toISOString(),
    });
  });

  it('reports a database error and keeps polling', async () => {
    await t.db.schema.dropTable('tasks').execute();
    const errors = deferred<unknown>();
    let reported = 0;
    const r = createTaskRunner({
      db: t.db,
      handlers: { job: { run: async () => {} } },
      clock: t.clock,
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
