import type { Redis } from 'ioredis';
import type { JobMeta } from './job-store';
import { activeJobKey, jobKeys } from './job-store.redis-keys';

interface OwnedJob {
  meta: JobMeta;
  /** The stream only exists after the first XADD, so its lease can only be set from then on. */
  streamLeased: boolean;
}

/**
 * Keeps the jobs this instance runs alive in Redis. An active job's keys expire `leaseMs` after the last
 * renewal, so when the owner's process dies its jobs vanish by themselves (followers end, resume finds
 * nothing) instead of staying "active" forever. One timer and one pipeline renew all owned jobs; the same
 * round trip reads each job's abort flag, which catches an abort whose pub/sub message was missed.
 */
export class RedisLeaseKeeper {
  private readonly jobs = new Map<string, OwnedJob>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly leaseMs: number,
    private readonly heartbeatMs: number,
    private readonly onAbortFlag: (jobId: string) => void,
  ) {}

  add(jobId: string, meta: JobMeta): void {
    this.jobs.set(jobId, { meta, streamLeased: false });
    if (!this.timer) {
      this.timer = setInterval(() => this.renewAll(), this.heartbeatMs);
      this.timer.unref();
    }
  }

  get(jobId: string): OwnedJob | undefined {
    return this.jobs.get(jobId);
  }

  remove(jobId: string): void {
    this.jobs.delete(jobId);
    if (this.jobs.size === 0) this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  clear(): void {
    this.jobs.clear();
    this.stop();
  }

  private renewAll(): void {
    const pipeline = this.redis.pipeline();
    const flagAt: [jobId: string, index: number][] = [];
    let index = 0;
    for (const [jobId, job] of this.jobs) {
      const keys = jobKeys(this.prefix, jobId);
      pipeline.pexpire(keys.meta, this.leaseMs);
      pipeline.pexpire(activeJobKey(this.prefix, job.meta.userId, job.meta.conversationId), this.leaseMs);
      index += 2;
      if (job.streamLeased) {
        pipeline.pexpire(keys.events, this.leaseMs);
        index++;
      }
      pipeline.hget(keys.meta, 'abort');
      flagAt.push([jobId, index++]);
    }
    pipeline
      .exec()
      .then((results) => {
        for (const [jobId, at] of flagAt) if (results?.[at]?.[1] === '1') this.onAbortFlag(jobId);
      })
      // A failed renewal is retried on the next beat; by default the lease lasts three beats.
      .catch(() => {});
  }
}
