import type { Db } from '../../db/database';
import { nowIso } from '../../lib/clock';
import type { JobStore } from '../generation/job-store';

/**
 * How often an instance with running replies looks for their users' bans (an operator's, or another instance's) and
 * deleted accounts.
 */
export const BAN_CHECK_MS = 2_000;
const IDS_PER_QUERY = 500;

/** A job running on this instance: its user, and its end (the job's last write done, or failed). */
export interface RunningJob {
  userId: string;
  done: Promise<unknown>;
}

export interface BanWatch {
  /**
   * Aborts the running jobs whose user is banned now or was deleted; what an abort does: the partial reply saved,
   * unfinished (for a deleted account, only where its data is not yet gone).
   */
  check(): Promise<void>;
  stop(): void;
}

/**
 * Stops the replies of banned users (docs/reference/accounts.md (Bans)). A ban is a row's `banned_until`, written by
 * a violation on any instance or by `npm run admin -- ban` from outside the server, so each instance reads its own
 * running jobs' users: one query per interval, whatever the number of streams, and none while nothing runs. A ban
 * a violation applies on this instance calls `check` at once. A deleted account is stopped the same way: the
 * instance that deletes it stops its replies first, the others here (docs/reference/accounts.md (Deleting the account)).
 */
export function watchBans(
  db: Db,
  jobs: JobStore,
  running: ReadonlyMap<string, RunningJob>,
  logError: (error: unknown, what: string) => void,
  everyMs = BAN_CHECK_MS,
): BanWatch {
  async function check(): Promise<void> {
    const userIds = [...new Set([...running.values()].map((job) => job.userId))];
    const banned = new Set<string>();
    for (let i = 0; i < userIds.length; i += IDS_PER_QUERY) {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', userIds.slice(i, i + IDS_PER_QUERY))
        .where((eb) => eb.or([eb('banned_until', '>', nowIso()), eb('deleted_at', 'is not', null)]))
        .execute();
      for (const row of rows) banned.add(row.id);
    }
    if (banned.size === 0) return;
    const stopping = [...running].filter(([, job]) => banned.has(job.userId));
    await Promise.all(stopping.map(([jobId]) => jobs.requestAbort(jobId).catch(() => false)));
  }

  const timer = setInterval(() => {
    if (running.size > 0) check().catch((error: unknown) => logError(error, 'ban check of running replies'));
  }, everyMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
