import type { Redis } from 'ioredis';
import type { StoredEvent } from './job-store';
import { activeJobKey, jobKeys } from './job-store.redis-keys';
import { entryFields } from './job-store.redis-entry';
import type { LocalJob, LocalJobs } from './job-store.redis-local';

export interface RedisWriterOptions {
  prefix: string;
  leaseMs: number;
  maxEvents: number;
}

// A retried batch may hold events an earlier, interrupted attempt already wrote: Redis refuses those ids.
const ALREADY_WRITTEN = /equal or smaller than the target stream top item/;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A job waiting for the next write: whether its stream gets its lease then, and who waits for it. */
interface Pending {
  job: LocalJob;
  firstWrite: boolean;
  waiters: Waiter[];
}

/** One job's part of a write: its events, and where its commands sit in the pipeline. */
interface Part {
  pending: Pending;
  count: number;
  from: number;
  to: number;
}

/**
 * Writes what Redis does not have yet of the local jobs. Every job that asks within one turn of the event loop
 * goes into one pipeline (one socket write and one round trip for all of them: with hundreds of replies
 * streaming, a write per job and token was a fifth of the server's CPU). Each job has one write in flight at a
 * time, so its events land in order; a job still waiting for its last write joins the next one.
 *
 * `flush` resolves once every event the job buffered so far is in Redis, and rejects when Redis does not answer
 * (the events stay in memory and go with the next write). After a failure the job's next write sends every event
 * held here and restores its keys with their lease, as a restarted Redis may have lost them, so other instances
 * can follow, resume and abort the job again.
 */
export class RedisJobWriter {
  private readonly pending = new Map<string, Pending>();
  private scheduled = false;

  constructor(
    private readonly redis: Redis,
    private readonly local: LocalJobs,
    private readonly options: RedisWriterOptions,
  ) {}

  flush(jobId: string, job: LocalJob, firstWrite: boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.enqueue(jobId, { job, firstWrite, waiters: [{ resolve, reject }] });
    });
  }

  private enqueue(jobId: string, next: Pending): void {
    const queued = this.pending.get(jobId);
    if (queued) {
      queued.firstWrite ||= next.firstWrite;
      queued.waiters.push(...next.waiters);
    } else {
      this.pending.set(jobId, next);
    }
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => void this.write());
    }
  }

  private async write(): Promise<void> {
    this.scheduled = false;
    const parts: Part[] = [];
    let pipeline: ReturnType<Redis['pipeline']> | null = null;
    for (const [jobId, pending] of this.pending) {
      this.pending.delete(jobId);
      const { job } = pending;
      if (job.flushing) {
        // One write at a time per job: this one joins the write after the job's current one (which never rejects).
        void job.flushing.then(() => this.enqueue(jobId, pending));
        continue;
      }
      // After a failure, everything held here goes again (ids Redis still has are refused and skipped).
      if (job.behind) job.sent = job.dropped;
      const events = this.local.unsent(job);
      // Nothing new, and nothing to restore (a job still waiting for its first token is restored all the same).
      if (events.length === 0 && !job.behind) {
        for (const waiter of pending.waiters) waiter.resolve();
        continue;
      }
      pipeline ??= this.redis.pipeline();
      const from = pipeline.length;
      this.addCommands(pipeline, jobId, pending, events);
      parts.push({ pending, count: events.length, from, to: pipeline.length });
    }
    if (!pipeline) return;

    const written = pipeline.exec();
    // Tells the job's next write that this one is over, however it went (the outcome goes to the waiters).
    const flight = written.then(
      () => undefined,
      () => undefined,
    );
    for (const { pending } of parts) pending.job.flushing = flight;
    let results: [Error | null, unknown][] = [];
    let failure: unknown = null;
    try {
      results = (await written) ?? [];
    } catch (error) {
      failure = error;
    }
    for (const { pending, count, from, to } of parts) {
      const { job } = pending;
      if (job.flushing === flight) job.flushing = null;
      const failed =
        failure ??
        results.slice(from, to).find(([error]) => error && !ALREADY_WRITTEN.test(error.message))?.[0];
      if (failed) {
        job.behind = true;
        for (const waiter of pending.waiters) waiter.reject(failed);
        continue;
      }
      job.sent += count;
      job.behind = false;
      for (const waiter of pending.waiters) waiter.resolve();
    }
  }

  /** Adds one job's commands to the pipeline. */
  private addCommands(
    pipeline: ReturnType<Redis['pipeline']>,
    jobId: string,
    { job, firstWrite }: Pending,
    events: StoredEvent[],
  ): void {
    const { prefix, leaseMs, maxEvents } = this.options;
    const keys = jobKeys(prefix, jobId);
    if (job.behind) {
      pipeline
        .hset(keys.meta, { ...job.meta, status: 'active' })
        .pexpire(keys.meta, leaseMs)
        .set(activeJobKey(prefix, job.meta.userId, job.meta.conversationId), jobId, 'PX', leaseMs, 'NX');
    }
    for (const event of events) {
      pipeline.xadd(keys.events, 'MAXLEN', '~', maxEvents, event.id, ...entryFields(event));
    }
    if (job.behind || firstWrite) pipeline.pexpire(keys.events, leaseMs);
    pipeline.publish(keys.wake, '');
  }
}
