import type { AppDeps } from '../../app-deps';
import type { ProviderRegistry } from '../../providers/registry';
import { createJobStore } from '../generation/create-job-store';
import type { JobStore } from '../generation/job-store';
import type { AppStorage } from '../files/storage/storage-for-app';
import type { LimitStores } from '../limits/limit-stores';
import type { PartialSaves } from './partial-saves';
import { watchBans } from './ban-watch';

/** Everything the chat feature shares within one app: the job store, the providers, the background work. */
export interface ChatContext {
  deps: AppDeps;
  registry: ProviderRegistry;
  jobs: JobStore;
  /** The app's message limits: a turn takes one of the user's concurrent slots. */
  messageLimits: LimitStores;
  /** The app's file storage, where a turn's images are read. */
  storage: AppStorage['storage'];
  /** The app's batched partial writes of streaming replies. */
  partialSaves: PartialSaves;
  /** Reports failures that have no one else to tell (a background title, a failed partial write). */
  logError(error: unknown, what: string): void;
  /** This instance's name in job metadata. */
  instanceId: string;
  /** Runs background work (jobs, titles) so closing the app can wait for it. */
  track(work: Promise<unknown>): void;
  /** Jobs running on this instance and their users, so closing the app, or a ban, can stop them. */
  running: Map<string, string>;
  /** Stops this instance's replies of users banned now (ban-watch.ts); also runs every BAN_CHECK_MS. */
  stopBannedUsersJobs(): Promise<void>;
  /**
   * Stops this instance's jobs and waits for background work (their partial saves, titles). Run when the app
   * starts closing: each reply's stream then ends with its final event, so no open stream holds the close up.
   */
  stopJobs(): Promise<void>;
  /** stopJobs, then closes the job store. */
  close(): Promise<void>;
}

const CLOSE_WAIT_MS = 5_000;

/**
 * One per app. The job store's keys share the app's Redis prefix, so two instances configured alike see the
 * same jobs (resume and abort from anywhere) and test apps with their own prefix see only theirs.
 */
export function createChatContext(
  deps: AppDeps,
  shared: Pick<ChatContext, 'registry' | 'messageLimits' | 'storage' | 'partialSaves'>,
  instanceId: string,
  logError: ChatContext['logError'] = () => {},
): ChatContext {
  const prefix = `${deps.config.rateLimits.rateLimitPrefix}job:`;
  const jobs = createJobStore(deps, { prefix });
  const pending = new Set<Promise<unknown>>();
  const running = new Map<string, string>();
  const bans = watchBans(deps.database.db, jobs, running, logError);

  async function stopJobs(): Promise<void> {
    bans.stop();
    await Promise.all([...running.keys()].map((jobId) => jobs.requestAbort(jobId).catch(() => false)));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
    // Work tracked while we wait (a title after an aborted reply) is waited for too.
    while (pending.size > 0) {
      const done = await Promise.race([
        Promise.all([...pending]).then(() => true),
        timeout.then(() => false),
      ]);
      if (!done) break;
    }
    clearTimeout(timer);
  }

  return {
    deps,
    ...shared,
    jobs,
    instanceId,
    logError,
    running,
    stopBannedUsersJobs: () => bans.check(),
    track(work) {
      const settled = work.catch(() => undefined).finally(() => pending.delete(settled));
      pending.add(settled);
    },
    stopJobs,
    async close() {
      await stopJobs();
      await jobs.close();
    },
  };
}
