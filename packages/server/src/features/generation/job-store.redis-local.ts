import type { ChatStreamEvent } from '@parley/shared';
import { toStored, type FollowOptions, type JobMeta, type StoredEvent } from './job-store';

/**
 * A job this instance runs, also kept in memory: its followers here read it from memory, so they keep
 * receiving it while Redis is down, and what Redis missed is written to it once it answers again. Each event
 * gets its Redis stream id here (`<ms>-<seq>`, given to XADD explicitly), so an id means the same event in
 * memory and in Redis and a client can resume with it on any instance.
 */
export interface LocalJob {
  meta: JobMeta;
  events: StoredEvent[];
  /** How many of the oldest events were trimmed: the event at absolute index i sits at i - dropped. */
  dropped: number;
  /** Absolute index of the first event not yet in Redis. */
  sent: number;
  finished: boolean;
  /** Asked to stop here; read by a late `onAbort`, as the Redis flag would be. */
  abortRequested: boolean;
  /** A write to Redis failed: the next one restores what a restarted Redis may have lost. */
  behind: boolean;
  /** The write to Redis in progress (one at a time per job, so events land in order). */
  flushing: Promise<void> | null;
  waiters: Set<() => void>;
}

const parseId = (id: string): [number, number] | null => {
  const match = /^(\d+)-(\d+)$/.exec(id);
  return match ? [Number(match[1]), Number(match[2])] : null;
};

const isAfter = (id: string, [ms, seq]: [number, number]): boolean => {
  const parsed = parseId(id);
  return parsed !== null && (parsed[0] > ms || (parsed[0] === ms && parsed[1] > seq));
};

/** The jobs this instance runs, by id; see LocalJob. */
export class LocalJobs {
  private readonly jobs = new Map<string, LocalJob>();
  private lastMs = 0;
  private seq = 0;

  constructor(private readonly maxEvents: number) {}

  add(jobId: string, meta: JobMeta): LocalJob {
    const job: LocalJob = {
      meta,
      events: [],
      dropped: 0,
      sent: 0,
      finished: false,
      abortRequested: false,
      behind: false,
      flushing: null,
      waiters: new Set(),
    };
    this.jobs.set(jobId, job);
    return job;
  }

  get(jobId: string): LocalJob | undefined {
    return this.jobs.get(jobId);
  }

  /** Every job running here, with its id. */
  running(): IterableIterator<[string, LocalJob]> {
    return this.jobs.entries();
  }

  findActive(userId: string, conversationId: string): string | null {
    for (const [jobId, job] of this.jobs) {
      if (job.meta.userId === userId && job.meta.conversationId === conversationId) return jobId;
    }
    return null;
  }

  /** Buffers the event and wakes the followers here; answers its id. */
  push(job: LocalJob, event: ChatStreamEvent): string {
    const now = Date.now();
    if (now > this.lastMs) [this.lastMs, this.seq] = [now, 0];
    else this.seq++;
    const id = `${this.lastMs}-${this.seq}`;
    job.events.push(toStored(id, event));
    // Trim only what Redis already has, so nothing is lost to an outage.
    const excess = Math.min(job.events.length - this.maxEvents, job.sent - job.dropped);
    if (excess > this.maxEvents / 8) {
      job.events.splice(0, excess);
      job.dropped += excess;
    }
    this.wake(job);
    return id;
  }

  /** Ends the followers here and forgets the job (a follower that arrives later reads Redis). */
  finish(jobId: string): LocalJob | undefined {
    const job = this.jobs.get(jobId);
    this.jobs.delete(jobId);
    if (job) {
      job.finished = true;
      this.wake(job);
    }
    return job;
  }

  clear(): void {
    for (const jobId of [...this.jobs.keys()]) this.finish(jobId);
  }

  /** The events not yet in Redis. */
  unsent(job: LocalJob): StoredEvent[] {
    return job.events.slice(Math.max(0, job.sent - job.dropped));
  }

  async *follow(job: LocalJob, { after, signal }: FollowOptions = {}): AsyncGenerator<StoredEvent> {
    const from = after === undefined ? null : parseId(after);
    let next = job.dropped;
    if (from) {
      const index = job.events.findIndex((event) => isAfter(event.id, from));
      next = job.dropped + (index < 0 ? job.events.length : index);
    }
    // One abort listener for the whole follow, not one per park (a follower parks once per delta).
    let wake: (() => void) | null = null;
    const onAbort = () => wake?.();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      while (!signal?.aborted) {
        for (;;) {
          const event = job.events[Math.max(0, next - job.dropped)];
          if (!event) break;
          next = Math.max(next, job.dropped) + 1;
          yield event;
          if (signal?.aborted) return;
        }
        if (job.finished) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
          job.waiters.add(resolve);
        });
        job.waiters.delete(wake!);
        wake = null;
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (wake) job.waiters.delete(wake);
    }
  }

  private wake(job: LocalJob): void {
    for (const resolve of job.waiters) resolve();
    job.waiters.clear();
  }
}
