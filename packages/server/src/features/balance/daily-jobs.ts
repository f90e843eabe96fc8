import type { AppDeps } from '../../app-deps';
import { nowIso } from '../../lib/clock';
import { resetCardUses } from '../commerce/card-reset';
import { closeStaleOrders } from '../commerce/stale-orders';
import { restoreNegativeBalances } from './daily-restore';

/** One job of the day: a name (its lock's key) and the work, which answers how many users (or orders) it changed. */
export interface DailyJob {
  name: string;
  run(deps: AppDeps, day: string): Promise<number>;
}

/**
 * The jobs run each day at 00:01 (docs/reference/balance.md (Daily jobs)): the restore of negative balances, the
 * daily gpt-4 reset of card holders (docs/reference/commerce.md (Cards)), and the closing of orders left pending
 * for a day (docs/reference/commerce.md (Orders and payment)).
 */
export const DAILY_JOBS: readonly DailyJob[] = [
  { name: 'negative-restore', run: restoreNegativeBalances },
  { name: 'card-gpt4-reset', run: resetCardUses },
  { name: 'close-stale-orders', run: closeStaleOrders },
];

/**
 * Claims a job's day: the insert of `{job}:{day}` into balance_daily_runs, whose primary key lets exactly one
 * instance (of any number sharing the database) win. Answers whether this one did.
 */
export async function claimDailyRun(deps: AppDeps, runKey: string, instanceId: string): Promise<boolean> {
  const row = await deps.database.db
    .insertInto('balance_daily_runs')
    .values({
      run_key: runKey,
      instance_id: instanceId,
      started_at: nowIso(),
      finished_at: null,
      users: null,
    })
    .onConflict((oc) => oc.column('run_key').doNothing())
    .returning('run_key')
    .executeTakeFirst();
  return row !== undefined;
}

/** Some of a day's jobs failed; their claims were given up, so a later tick (of any instance) runs them again. */
export class DailyJobsFailed extends Error {
  constructor(
    readonly failed: string[],
    readonly result: Record<string, number | null>,
  ) {
    super(`daily jobs failed: ${failed.join(', ')}`);
  }
}

/**
 * Runs each daily job for `day` that no instance ran yet; answers, per job, the users changed or null where another
 * instance had it. A job that fails gives its claim up and the others still run; then DailyJobsFailed is thrown, and
 * the scheduler's next tick tries the failed ones again (their entries are keyed by the day, so a re-run changes
 * nobody twice).
 */
export async function runDailyJobs(
  deps: AppDeps,
  day: string,
  instanceId: string,
  jobs: readonly DailyJob[] = DAILY_JOBS,
  logError: (error: unknown, what: string) => void = () => {},
): Promise<Record<string, number | null>> {
  const { db } = deps.database;
  const result: Record<string, number | null> = {};
  const failed: string[] = [];
  for (const job of jobs) {
    const runKey = `${job.name}:${day}`;
    if (!(await claimDailyRun(deps, runKey, instanceId))) {
      result[job.name] = null;
      continue;
    }
    try {
      const users = await job.run(deps, day);
      await db
        .updateTable('balance_daily_runs')
        .set({ finished_at: nowIso(), users })
        .where('run_key', '=', runKey)
        .execute();
      result[job.name] = users;
    } catch (error) {
      logError(error, `daily job ${runKey}`);
      failed.push(job.name);
      // Given up, so it is claimed again later; if even this fails, the row stays and an operator deletes it.
      await db
        .deleteFrom('balance_daily_runs')
        .where('run_key', '=', runKey)
        .execute()
        .catch((cause: unknown) => logError(cause, `releasing daily job ${runKey}`));
    }
  }
  if (failed.length > 0) throw new DailyJobsFailed(failed, result);
  return result;
}
