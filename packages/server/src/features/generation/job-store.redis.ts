import type { Redis } from 'ioredis';
import type { ChatStreamEvent } from '@parley/shared';
import { resolveJobStoreOptions } from './job-store';
import type { JobInfo, JobMeta, JobStore, JobStoreOptions } from './job-store';
import { RedisChannelHub } from './redis-channel-hub';
import { RedisLeaseKeeper } from './job-store.redis-lease';
import { execPipeline } from './redis-pipeline';
import { followRedisJob } from './job-store.redis-follow';
import { ABORT_SCRIPT, FINISH_SCRIPT, abortChannel, activeJobKey, jobKeys } from './job-store.redis-keys';

/** Jobs in Redis (layout and TTLs: job-store.redis-keys.ts): any instance can follow, resume or abort any job. */
export function createRedisJobStore(redis: Redis, options: JobStoreOptions = {}): JobStore {
  const { prefix, finishedTtlMs, leaseMs, heartbeatMs, idlePollMs, maxEvents } =
    resolveJobStoreOptions(options);
  const hub = new RedisChannelHub(redis);
  const abortHandlers = new Map<string, Set<() => void>>();
  let abortListening: Promise<unknown> | null = null;

  // Abort is one-shot: the handlers are dropped once called, so pub/sub and heartbeat never both fire them.
  const fireAbort = (jobId: string) => {
    const handlers = abortHandlers.get(jobId);
    abortHandlers.delete(jobId);
    for (const handler of handlers ?? []) handler();
  };
  const leases = new RedisLeaseKeeper(redis, prefix, leaseMs, heartbeatMs, fireAbort);

  async function get(jobId: string): Promise<JobInfo | null> {
    const fields = await redis.hgetall(jobKeys(prefix, jobId).meta);
    if (!fields.status) return null;
    const { userId = '', conversationId = '', ownerInstance = '', status } = fields;
    return { userId, conversationId, ownerInstance, status: status as JobInfo['status'] };
  }

  return {
    async create(jobId: string, meta: JobMeta) {
      const keys = jobKeys(prefix, jobId);
      await execPipeline(
        redis
          .pipeline()
          .del(keys.events)
          .hset(keys.meta, { ...meta, status: 'active' })
          .pexpire(keys.meta, leaseMs)
          .set(activeJobKey(prefix, meta.userId, meta.conversationId), jobId, 'PX', leaseMs),
      );
      leases.add(jobId, meta);
    },

    async append(jobId: string, event: ChatStreamEvent) {
      const keys = jobKeys(prefix, jobId);
      const pipeline = redis
        .pipeline()
        .xadd(keys.events, 'MAXLEN', '~', maxEvents, '*', 'e', event.event, 'd', JSON.stringify(event.data));
      const lease = leases.get(jobId);
      if (lease && !lease.streamLeased) {
        lease.streamLeased = true;
        pipeline.pexpire(keys.events, leaseMs);
      }
      const [id] = await execPipeline(pipeline.publish(keys.wake, ''));
      return id as string;
    },

    follow: (jobId, followOptions) => followRedisJob(redis, hub, prefix, idlePollMs, jobId, followOptions),

    async finish(jobId: string) {
      const meta = leases.get(jobId)?.meta ?? (await get(jobId));
      leases.remove(jobId);
      abortHandlers.delete(jobId);
      if (!meta) return;
      const keys = jobKeys(prefix, jobId);
      const active = activeJobKey(prefix, meta.userId, meta.conversationId);
      await redis.eval(
        FINISH_SCRIPT,
        3,
        keys.meta,
        keys.events,
        active,
        jobId,
        finishedTtlMs,
        maxEvents,
        keys.wake,
      );
    },

    get,

    async findActiveByConversation(userId: string, conversationId: string) {
      return redis.get(activeJobKey(prefix, userId, conversationId));
    },

    async requestAbort(jobId: string) {
      const asked = await redis.eval(
        ABORT_SCRIPT,
        1,
        jobKeys(prefix, jobId).meta,
        jobId,
        abortChannel(prefix),
      );
      return asked === 1;
    },

    async onAbort(jobId: string, handler: () => void) {
      abortListening ??= hub.listen(abortChannel(prefix), fireAbort).catch((error: unknown) => {
        abortListening = null;
        throw error;
      });
      await abortListening;
      let handlers = abortHandlers.get(jobId);
      if (!handlers) abortHandlers.set(jobId, (handlers = new Set()));
      handlers.add(handler);
      // An abort asked before we listened is only in the flag.
      if ((await redis.hget(jobKeys(prefix, jobId).meta, 'abort')) === '1') fireAbort(jobId);
      return () => {
        handlers.delete(handler);
        if (handlers.size === 0 && abortHandlers.get(jobId) === handlers) abortHandlers.delete(jobId);
      };
    },

    async close() {
      leases.clear();
      abortHandlers.clear();
      await hub.close();
    },
  };
}
