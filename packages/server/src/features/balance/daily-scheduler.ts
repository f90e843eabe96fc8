import type { AppDeps } from '../../app-deps';
import { DAILY_JOBS, DailyJobsFailed, runDailyJobs, type DailyJob } from './daily-jobs';
import { dueDay } from './daily-clock';

/** How often an instance looks whether a new day's jobs are due. */
export const DAILY_CHECK_MS = 30_000;

export interface DailyScheduler {
  /** Checks now (and runs the day's jobs if due and not yet run here); the timer calls it. */
  tick(at?: Date): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every instance checks twice a minute whether its time zone's day has passed 00:01 and, once per day, tries to run
 * the day's jobs; the claim row in the database (daily-jobs.ts) lets one instance do it. An instance started after
 * 00:01 runs the day's jobs if nobody has, so a restart over midnight misses no day it was up for. Off while
 * CHECK_BALANCE is off.
 */
export function startDailyScheduler(
  deps: AppDeps,
  instanceId: string,
  logError: (error: unknown, what: string) => void,
  jobs: readonly DailyJob[] = DAILY_JOBS,
): DailyScheduler | null {
  if (!deps.config.app.checkBalance) return null;
  let lastDay: string | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = (at: Date = new Date()): Promise<void> => {
    running = running.then(async () => {
      const day = dueDay(at, deps.config.balance.timeZone);
      if (day === null || day === lastDay) return;
      try {
        await runDailyJobs(deps, day, instanceId, jobs, logError);
        lastDay = day;
      } catch (error) {
        // The database is down, or a job failed (logged, its claim given up): the next tick tries again.
        if (!(error instanceof DailyJobsFailed)) logError(error, 'daily balance jobs');
      }
    });
    return running;
  };
  const timer = setInterval(() => void tick(), DAILY_CHECK_MS);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
