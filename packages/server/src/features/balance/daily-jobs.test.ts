import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type AppDeps } from '../../app';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import type { DatabaseHandle } from '../../db/database';
import { appendEntry, readBalance } from '../ledger/ledger.repository';
import { expectLedgerMatches } from './balance.test-helpers';
import { dueDay, localTime } from './daily-clock';
import { DAILY_JOBS, runDailyJobs } from './daily-jobs';
import { startDailyScheduler } from './daily-scheduler';

// docs/reference/balance.md (Daily jobs)
describe('the daily clock', () => {
  it('reads the day and time in the configured zone; jobs are due from 00:01', () => {
    // 16:00:30 UTC is 00:00:30 the next day in Shanghai.
    expect(localTime(new Date('2025-03-01T16:00:30Z'), 'Asia/Shanghai')).toEqual({
      day: '2025-03-02',
      minutes: 0,
    });
    expect(dueDay(new Date('2025-03-01T16:00:30Z'), 'Asia/Shanghai')).toBeNull();
    expect(dueDay(new Date('2025-03-01T16:01:00Z'), 'Asia/Shanghai')).toBe('2025-03-02');
    expect(dueDay(new Date('2025-03-01T16:01:00Z'), 'UTC')).toBe('2025-03-01');
  });
});

describe.each(testDialects())('daily jobs on %s', (dialect) => {
  let first: TestApp;
  let second: { close(): Promise<void> } | undefined;
  afterEach(async () => {
    await second?.close();
    await first?.close();
  });

  /** A second server over the same database through its own connection, as another process would be. */
  async function secondInstance(): Promise<{
    app: Awaited<ReturnType<typeof buildApp>>;
    close(): Promise<void>;
  }> {
    const database: DatabaseHandle = first.database.reopen();
    const app = await buildApp({ config: first.config, database, redis: null });
    await app.ready();
    return { app, close: async () => (await app.close(), await database.destroy()) };
  }

  it('runs once a day across two instances: negative balances get their uses and 0.1 credit back', async () => {
    first = await buildTestApp(dialect, { app: { checkBalance: true } });
    const deps: AppDeps = { config: first.config, database: first.database, redis: null };
    const db = first.database.db;
    const owing = (await newUser(first.app)).user.id;
    const rich = (await newUser(first.app)).user.id;
    const generous = (await newUser(first.app)).user.id;
    // Gift: 1 credit, 50 and 10 uses. Take the owing user below zero with no uses; keep the generous one's uses.
    await appendEntry(db, {
      userId: owing,
      kind: 'adjust',
      change: { credits: -150_000, gpt3Uses: -50, gpt4Uses: -10 },
      reason: 'test',
    });
    await appendEntry(db, {
      userId: generous,
      kind: 'adjust',
      change: { credits: -200_000 },
      reason: 'test',
    });
    const other = await secondInstance();
    second = other;

    // Both instances tick at the same moment: 00:02 on 2 March in Shanghai. On SQLite one after the other: two
    // connections in one process block each other's writes (a second process would simply wait its turn), and the
    // claim is what is under test. test/daily-jobs-processes.test.ts runs two real processes on PostgreSQL.
    const at = new Date('2025-03-01T16:02:00Z');
    const bothTick = async (when: Date) => {
      const ticks = [first.app.services.dailyJobs!, other.app.services.dailyJobs!];
      if (dialect === 'sqlite') for (const s of ticks) await s.tick(when);
      else await Promise.all(ticks.map((s) => s.tick(when)));
    };
    await bothTick(at);
    const runs = await db.selectFrom('balance_daily_runs').selectAll().orderBy('run_key').execute();
    expect(runs).toHaveLength(3);
    // The card reset (commerce/card-reset.test.ts) and the closing of stale orders (commerce/commerce.test.ts) are
    // claimed once too.
    expect(runs[0]).toMatchObject({ run_key: 'card-gpt4-reset:2025-03-02' });
    expect(runs[1]).toMatchObject({ run_key: 'close-stale-orders:2025-03-02', users: 0 });
    expect(runs[2]).toMatchObject({ run_key: 'negative-restore:2025-03-02', users: 2 });
    expect(runs.every((r) => r.finished_at !== null)).toBe(true);

    expect(await readBalance(db, owing)).toEqual({ credits: -40_000, gpt3Uses: 10, gpt4Uses: 3 });
    expect(await readBalance(db, generous)).toEqual({ credits: -90_000, gpt3Uses: 50, gpt4Uses: 10 });
    expect(await readBalance(db, rich)).toEqual({ credits: 100_000, gpt3Uses: 50, gpt4Uses: 10 });
    for (const id of [owing, rich, generous]) await expectLedgerMatches(db, id);

    // The same day again, from either instance or a direct run: nothing more.
    await bothTick(at);
    expect(await runDailyJobs(deps, '2025-03-02', 'x', DAILY_JOBS)).toEqual({
      'negative-restore': null,
      'card-gpt4-reset': null,
      'close-stale-orders': null,
    });
    expect(await readBalance(db, owing)).toEqual({ credits: -40_000, gpt3Uses: 10, gpt4Uses: 3 });

    // The next day the owing user, still below zero, is restored again.
    await other.app.services.dailyJobs!.tick(new Date('2025-03-02T16:05:00Z'));
    expect(await readBalance(db, owing)).toEqual({ credits: -30_000, gpt3Uses: 10, gpt4Uses: 3 });
    await expectLedgerMatches(db, owing);
  });

  it('gives up the claim of a job that failed, so the next tick runs it again; the others run once', async () => {
    first = await buildTestApp(dialect, { app: { checkBalance: true } });
    const deps: AppDeps = { config: first.config, database: first.database, redis: null };
    const runs = { flaky: 0, steady: 0 };
    const jobs = [
      {
        name: 'flaky',
        run: async () => {
          runs.flaky += 1;
          if (runs.flaky === 1) throw new Error('the database went away');
          return 4;
        },
      },
      { name: 'steady', run: async () => ((runs.steady += 1), 2) },
    ];
    const logged: string[] = [];
    const scheduler = startDailyScheduler(deps, 'i1', (_e, what) => logged.push(what), jobs)!;
    const at = new Date('2025-03-01T16:02:00Z');
    await scheduler.tick(at);
    expect(runs).toEqual({ flaky: 1, steady: 1 });
    expect(logged).toEqual(['daily job flaky:2025-03-02']);
    const keys = async () =>
      (await first.database.db.selectFrom('balance_daily_runs').select('run_key').execute()).map(
        (r) => r.run_key,
      );
    expect(await keys()).toEqual(['steady:2025-03-02']);

    // The next tick, 30 s later: the failed job runs again, the other not.
    await scheduler.tick(new Date('2025-03-01T16:02:30Z'));
    expect(runs).toEqual({ flaky: 2, steady: 1 });
    expect((await keys()).sort()).toEqual(['flaky:2025-03-02', 'steady:2025-03-02']);
    await scheduler.tick(new Date('2025-03-01T16:03:00Z'));
    expect(runs).toEqual({ flaky: 2, steady: 1 });
    await scheduler.stop();
  });

  it('is not scheduled while CHECK_BALANCE is off', async () => {
    first = await buildTestApp(dialect);
    expect(first.app.services.dailyJobs).toBeNull();
  });
});
