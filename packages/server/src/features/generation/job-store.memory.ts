import type { ChatStreamEvent } from '@parley/shared';
import { isTextDelta, resolveJobStoreOptions, toStored } from './job-store';
import type { FollowOptions, JobInfo, JobMeta, JobStore, JobStoreOptions, StoredEvent } from './job-store';

interface MemoryJob {
  info: JobInfo;
  events: StoredEvent[];
  /**
   * While active, how many of the oldest events were trimmed: event with sequence s sits at index
   * s - 1 - dropped. Null once finished: the buffer then holds only some events (see `finish`), found by id.
   */
  dropped: number | null;
  seq: number;
  /** Followers reading the job now: a finished job's deltas are dropped once none is left. */
  followers: number;
  /** Followers parked until the next append or finish. */
  waiters: Set<() => void>;
  abortRequested: boolean;
}

const activeKey = (userId: string, conversationId: string) => `${userId}\u0000${conversationId}`;

/**
 * Jobs in this process. No lease or heartbeat: the jobs die with the process that runs them, and
 * `startJob` guarantees `finish`. Ids are the per-job sequence number as a decimal string.
 */
export function createMemoryJobStore(options: JobStoreOptions = {}): JobStore {
  const { finishedTtlMs, maxEvents } = resolveJobStoreOptions(options);
  const jobs = new Map<string, MemoryJob>();
  const active = new Map<string, string>();
  const abortHandlers = new Map<string, Set<() => void>>();
  const expiries = new Set<NodeJS.Timeout>();
  // Trim in slices, not one event at a time, so the splice cost is amortised.
  const trimSlack = Math.max(1, Math.ceil(maxEvents / 8));

  const wake = (job: MemoryJob) => {
    if (job.waiters.size === 0) return;
    for (const resolve of job.waiters) resolve();
    job.waiters.clear();
  };

  /** Parks a follower until the next append or finish (or `wakeOnAbort`, which its follow() calls on abort). */
  const parked = (job: MemoryJob, park: { wake: (() => void) | null }) =>
    new Promise<void>((resolve) => {
      park.wake = resolve;
      job.waiters.add(resolve);
    });

  /** Index in the buffer of the first event with sequence >= `seq`. */
  const indexOf = (job: MemoryJob, seq: number) => {
    if (job.dropped !== null) return Math.max(0, seq - 1 - job.dropped);
    const index = job.events.findIndex((event) => Number(event.id) >= seq);
    return index < 0 ? job.events.length : index;
  };

  /**
   * A finished job stays 60 s for late followers and aborts, which need its final (or error) event, not every
   * delta: the deltas of 400 finished replies held for a minute were most of what a busy server kept. Followers
   * still reading (a slow client) finish with every delta; the deltas go when the last of them leaves.
   */
  const compact = (job: MemoryJob) => {
    if (job.followers > 0 || job.dropped === null) return;
    job.events = job.events.filter((event) => !isTextDelta(event));
    job.dropped = null;
  };

  async function* follow(jobId: string, { after, signal }: FollowOptions = {}): AsyncGenerator<StoredEvent> {
    const job = jobs.get(jobId);
    if (!job) return;
    const afterSeq = after === undefined ? 0 : Number(after);
    let next = Number.isSafeInteger(afterSeq) && afterSeq > 0 ? afterSeq + 1 : 1;
    // One abort listener for the whole follow, not one per park: a follower parks once per delta, and adding and
    // removing a listener on the signal each time was a measurable part of what a relayed token cost.
    const park: { wake: (() => void) | null } = { wake: null };
    const onAbort = () => park.wake?.();
    signal?.addEventListener('abort', onAbort, { once: true });
    job.followers++;
    try {
      while (!signal?.aborted) {
        // Single-threaded: between reading the buffer and parking nothing can append, so no seam to guard.
        for (;;) {
          const event = job.events[indexOf(job, next)];
          if (!event) break;
          next = Number(event.id) + 1;
          yield event;
          if (signal?.aborted) return;
        }
        if (job.info.status === 'finished') return;
        await parked(job, park);
        job.waiters.delete(park.wake!);
        park.wake = null;
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (park.wake) job.waiters.delete(park.wake);
      job.followers--;
      if (job.info.status === 'finished') compact(job);
    }
  }

  return {
    async create(jobId: string, meta: JobMeta) {
      jobs.set(jobId, {
        info: { ...meta, status: 'active' },
        events: [],
        dropped: 0,
        seq: 0,
        followers: 0,
        waiters: new Set(),
        abortRequested: false,
      });
      active.set(activeKey(meta.userId, meta.conversationId), jobId);
    },

    async append(jobId: string, event: ChatStreamEvent) {
      const job = jobs.get(jobId);
      if (!job || job.info.status !== 'active') throw new Error(`No active job ${jobId}`);
      const id = String(++job.seq);
      job.events.push(toStored(id, event));
      if (job.events.length > maxEvents + trimSlack && job.dropped !== null) {
        const excess = job.events.length - maxEvents;
        job.events.splice(0, excess);
        job.dropped += excess;
      }
      wake(job);
      return id;
    },

    follow,

    async finish(jobId: string) {
      const job = jobs.get(jobId);
      if (!job || job.info.status === 'finished') return;
      job.info.status = 'finished';
      compact(job);
      const key = activeKey(job.info.userId, job.info.conversationId);
      if (active.get(key) === jobId) active.delete(key);
      abortHandlers.delete(jobId);
      wake(job);
      const timer = setTimeout(() => {
        expiries.delete(timer);
        if (jobs.get(jobId) === job) jobs.delete(jobId);
      }, finishedTtlMs);
      timer.unref();
      expiries.add(timer);
    },

    async get(jobId: string) {
      const job = jobs.get(jobId);
      return job ? { ...job.info } : null;
    },

    async findActiveByConversation(userId: string, conversationId: string) {
      return active.get(activeKey(userId, conversationId)) ?? null;
    },

    async requestAbort(jobId: string) {
      const job = jobs.get(jobId);
      if (!job || job.info.status !== 'active') return false;
      job.abortRequested = true;
      for (const handler of abortHandlers.get(jobId) ?? []) handler();
      return true;
    },

    async onAbort(jobId: string, handler: () => void) {
      let handlers = abortHandlers.get(jobId);
      if (!handlers) abortHandlers.set(jobId, (handlers = new Set()));
      handlers.add(handler);
      // An abort that arrived before the handler was registered still counts.
      if (jobs.get(jobId)?.abortRequested) queueMicrotask(handler);
      return () => {
        handlers.delete(handler);
        if (handlers.size === 0 && abortHandlers.get(jobId) === handlers) abortHandlers.delete(jobId);
      };
    },

    async close() {
      for (const timer of expiries) clearTimeout(timer);
      expiries.clear();
      for (const job of jobs.values()) wake(job);
    },
  };
}
