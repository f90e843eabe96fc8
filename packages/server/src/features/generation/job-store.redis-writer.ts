import type { Redis } from 'ioredis';
import { activeJobKey, jobKeys } from './job-store.redis-keys';
import type { LocalJob, LocalJobs } from './job-store.redis-local';

export interface RedisWriterOptions {
  prefix: string;
  leaseMs: number;
  maxEvents: number;
}

// A retried batch may hold events an earlier, interrupted attempt already wrote: Redis refuses those ids.
const ALREADY_WRITTEN = /equal or smaller than the target stream top item/;

/**
 * Writes what Redis does not have yet of a local job, in order, one batch at a time; resolves once every
 * event buffered so far is in Redis, rejects when Redis does not answer (the events stay in memory and go
 * with the next write). After a failure the next write sends every event held here and restores the job's
 * keys with their lease, as a restarted Redis may have lost them, so other instances can follow, resume and
 * abort the job again.
 */
export function flushLocalJob(
  redis: Redis,
  local: LocalJobs,
  jobId: string,
  job: LocalJob,
  options: RedisWriterOptions,
  firstWrite: boolean,
): Promise<void> {
  // One write at a time; an event buffered during the current one goes with the next.
  if (job.flushing) {
    const current = job.flushing;
    return current.catch(() => {}).then(() => flushLocalJob(redis, local, jobId, job, options, false));
  }
  const { prefix, leaseMs, maxEvents } = options;
  const keys = jobKeys(prefix, jobId);
  const run = async () => {
    // After a failure, everything held here goes again: a restarted Redis may have lost what it had (ids it
    // still has are refused and skipped).
    if (job.behind) job.sent = job.dropped;
    for (let batch = local.unsent(job); batch.length > 0; batch = local.unsent(job)) {
      const pipeline = redis.pipeline();
      if (job.behind) {
        pipeline
          .hset(keys.meta, { ...job.meta, status: 'active' })
          .pexpire(keys.meta, leaseMs)
          .set(activeJobKey(prefix, job.meta.userId, job.meta.conversationId), jobId, 'PX', leaseMs, 'NX');
      }
      for (const event of batch) {
        pipeline.xadd(keys.events, 'MAXLEN', '~', maxEvents, event.id, 'e', event.event, 'd', event.data);
      }
      if (job.behind || firstWrite) pipeline.pexpire(keys.events, leaseMs);
      pipeline.publish(keys.wake, '');
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([error]) => error && !ALREADY_WRITTEN.test(error.message));
      if (failed?.[0]) throw failed[0];
      job.sent += batch.length;
      job.behind = false;
      firstWrite = false;
    }
  };
  const flushing = run()
    .catch((error: unknown) => {
      job.behind = true;
      throw error;
    })
    .finally(() => {
      if (job.flushing === flushing) job.flushing = null;
    });
  job.flushing = flushing;
  return flushing;
}
