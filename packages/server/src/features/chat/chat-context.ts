import type { AppDeps } from '../../app-deps';
import type { ProviderRegistry } from '../../providers/registry';
import { createJobStore } from '../generation/create-job-store';
import type { JobStore } from '../generation/job-store';
import { createReplyFeed, type ReplyFeed } from '../generation/reply-feed';
import type { AppStorage } from '../files/storage/storage-for-app';
import type { LimitStores } from '../limits/limit-stores';
import type { PartialSaves } from './partial-saves';
import type { ToolRuntime } from '../tools/tool-runtime';
import { watchBans, type RunningJob } from './ban-watch';

/** Everything the chat feature shares within one app: the job store, the providers, the background work. */
export interface ChatContext {
  deps: AppDeps;
  registry: ProviderRegistry;
  jobs: JobStore;
  /** Tells the user's open pages that a reply started or ended (sync-feed.ts), over the job store's Redis. */
  feed: ReplyFeed;
  /** The app's message limits: a turn takes one of the user's concurrent slots. */
  messageLimits: LimitStores;
  /** The app's file storage, where a turn's images are read. */
  storage: AppStorage['storage'];
  /** The app's batched partial writes of streaming replies. */
  partialSaves: PartialSaves;
  /** The tools a reply may call, and what a call of them gets (features/tools/tool-runtime.ts). */
  tools: ToolRuntime;
  /** Reports failures that have no one else to tell (a background title, a failed partial write). */
  logError(error: unknown, what: string): void;
  /** This instance's name in job metadata. */
  instanceId: string;
  /** Runs background work (jobs, titles) so closing the app can wait for it. */
  track(work: Promise<unknown>): void;
  /** Jobs running on this instance, so closing the app, a ban or a deleted account can stop them. */
  running: Map<string, RunningJob>;
  /**
   * Stops this instance's replies of users banned or deleted now (ban-watch.ts); also runs every BAN_CHECK_MS, which
   * is how other instances stop theirs.
   */
  stopBannedUsersJobs(): Promise<void>;
  /**
   * Stops one user's replies on this instance and waits (at most CLOSE_WAIT_MS) until each has ended and written its
   * last words: run before their account's data is deleted, so no reply writes into a conversation being removed.
   */
  stopUserJobs(userId: string): Promise<void>;
  /**
   * Stops this instance's jobs and waits for background work (their partial saves, titles). Run when the app
   * starts closing: each reply's stream then ends with its final event, so no open stream holds the close up.
   */
  stopJobs(): Promise<void>;
  /** stopJobs, then closes the job store. */
  close(): Promise<void>;
}

const CLOSE_WAIT_MS = 5_000;

/** True when `work` ended within `ms`; false when the time ran out first. */
async function endsWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One per app. The job store's keys share the app's Redis prefix, so two instances configured alike see the
 * same jobs (resume and abort from anywhere) and test apps with their own prefix see only theirs.
 */
export function createChatContext(
  deps: AppDeps,
  shared: Pick<ChatContext, 'registry' | 'messageLimits' | 'storage' | 'partialSaves' | 'tools'>,
  instanceId: string,
  logError: ChatContext['logError'] = () => {},
): ChatContext {
  const prefix = `${deps.config.rateLimits.rateLimitPrefix}job:`;
  const jobs = createJobStore(deps, { prefix });
  const feed = createReplyFeed(deps, prefix);
  const pending = new Set<Promise<unknown>>();
  const running = new Map<string, RunningJob>();
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
    feed,
    instanceId,
    logError,
    running,
    stopBannedUsersJobs: () => bans.check(),
    async stopUserJobs(userId) {
      const mine = [...running].filter(([, job]) => job.userId === userId);
      await Promise.all(mine.map(([jobId]) => jobs.requestAbort(jobId).catch(() => false)));
      const ended = await endsWithin(
        Promise.all(mine.map(([, job]) => job.done.catch(() => {}))),
        CLOSE_WAIT_MS,
      );
      if (!ended) logError(new Error(`replies of user ${userId} still running`), "stopping a user's replies");
    },
    track(work) {
      const settled = work.catch(() => undefined).finally(() => pending.delete(settled));
      pending.add(settled);
    },
    stopJobs,
    async close() {
      await stopJobs();
      await jobs.close();
      await feed.close();
    },
  };
}
