import type { Redis } from 'ioredis';
import type { ChatStreamEvent } from '@parley/shared';
import { resolveJobStoreOptions } from './job-store';
import type { JobInfo, JobMeta, JobStore, JobStoreOptions } from './job-store';
import { RedisChannelHub } from './redis-channel-hub';
import { RedisLeaseKeeper } from './job-store.redis-lease';
import { execPipeline } from './redis-pipeline';
import { followRedisJob } from './job-store.redis-follow';
import { ABORT_SCRIPT, FINISH_SCRIPT, abortChannel, activeJobKey, jobKeys } from './job-store.redis-keys';
import { LocalJobs } from './job-store.redis-local';
import { RedisJobWriter } from './job-store.redis-writer';
import { retryWhileUnavailable, toUnavailableError } from '../../lib/unavailable';

/**
 * Jobs in Redis (layout and TTLs: job-store.redis-keys.ts): any instance can follow, resume or abort any job.
 * The jobs this instance runs are also kept in its memory (job-store.redis-local.ts): followers here read
 * them from memory, and while Redis is down their events wait there and are written once it answers again.
 */
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
  const local = new LocalJobs(maxEvents);
  const writer = new RedisJobWriter(redis, local, { prefix, leaseMs, maxEvents });
  // Stops the background retries of finishes that Redis missed when the store closes.
  const closing = new AbortController();

  // A restarted Redis may have lost every key, including those of jobs that wrote nothing while it was down.
  // So once the connection is back, each job running here is written again whole (its keys, lease and events;
  // ids Redis still has are skipped), and for a lease from then on a follower here takes a missing job for one
  // its owner has not written back yet rather than one that ended.
  let disconnected = false;
  let reconnectedAt = Number.NEGATIVE_INFINITY;
  const onClose = () => {
    disconnected = true;
  };
  const onReady = () => {
    if (!disconnected) return;
    disconnected = false;
    reconnectedAt = Date.now();
    for (const [jobId, job] of local.running()) {
      job.behind = true;
      writer.flush(jobId, job, false).catch(() => {});
    }
  };
  redis.on('close', onClose);
  redis.on('ready', onReady);
  const keysMayBeLost = () => disconnected || Date.now() - reconnectedAt < leaseMs;

  /** Redis first (it knows jobs of every instance); this instance's own jobs while Redis does not answer. */
  async function orLocal<T>(
    fromRedis: () => Promise<T | null>,
    fromLocal: () => T | null,
  ): Promise<T | null> {
    try {
      return (await fromRedis()) ?? fromLocal();
    } catch (error) {
      const known = toUnavailableError(error) ? fromLocal() : null;
      if (known === null) throw error;
      return known;
    }
  }

  async function getFromRedis(jobId: string): Promise<JobInfo | null> {
    const fields = await redis.hgetall(jobKeys(prefix, jobId).meta);
    if (!fields.status) return null;
    const { userId = '', conversationId = '', ownerInstance = '', messageId, status } = fields;
    const info = { userId, conversationId, ownerInstance, status: status as JobInfo['status'] };
    return messageId ? { ...info, messageId } : info;
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
      local.add(jobId, meta);
    },

    async append(jobId: string, event: ChatStreamEvent) {
      const job = local.get(jobId);
      if (!job || job.finished) throw new Error(`No active job ${jobId}`);
      const id = local.push(job, event);
      const lease = leases.get(jobId);
      const firstWrite = lease !== undefined && !lease.streamLeased;
      if (lease) lease.streamLeased = true;
      // Redis down: the event is in memory (followers here have it) and goes with the next write.
      await writer.flush(jobId, job, firstWrite).catch(() => {});
      return id;
    },

    follow(jobId, followOptions) {
      const job = local.get(jobId);
      if (job) return local.follow(job, followOptions);
      return followRedisJob({ redis, hub, prefix, idlePollMs, keysMayBeLost }, jobId, followOptions);
    },

    async finish(jobId: string) {
      const job = local.finish(jobId);
      const meta = leases.get(jobId)?.meta ?? job?.meta ?? (await getFromRedis(jobId));
      leases.remove(jobId);
      abortHandlers.delete(jobId);
      if (!meta) return;
      const keys = jobKeys(prefix, jobId);
      const active = activeJobKey(prefix, meta.userId, meta.conversationId);
      const finishInRedis = async () => {
        if (job) await writer.flush(jobId, job, false);
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
      };
      if (!job) return finishInRedis();
      // Followers here have ended; those elsewhere get the end (and what they missed) once Redis answers,
      // within the lease: past it a Redis that stayed up has expired the job's keys anyway.
      await finishInRedis().catch((error: unknown) => {
        if (!toUnavailableError(error)) throw error;
        void retryWhileUnavailable(finishInRedis, { maxMs: leaseMs, signal: closing.signal }).catch(() => {});
      });
    },

    get: (jobId) => {
      const job = local.get(jobId);
      return orLocal(
        () => getFromRedis(jobId),
        () => (job ? { ...job.meta, status: job.finished ? 'finished' : 'active' } : null),
      );
    },

    async findActiveByConversation(userId: string, conversationId: string) {
      return orLocal(
        () => redis.get(activeJobKey(prefix, userId, conversationId)),
        () => local.findActive(userId, conversationId),
      );
    },

    async requestAbort(jobId: string) {
      // This instance runs it: stop it here, with or without Redis.
      const job = local.get(jobId);
      if (job) {
        job.abortRequested = true;
        fireAbort(jobId);
        return true;
      }
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
      if (local.get(jobId)?.abortRequested) fireAbort(jobId);
      else if ((await redis.hget(jobKeys(prefix, jobId).meta, 'abort')) === '1') fireAbort(jobId);
      return () => {
        handlers.delete(handler);
        if (handlers.size === 0 && abortHandlers.get(jobId) === handlers) abortHandlers.delete(jobId);
      };
    },

    async close() {
      closing.abort();
      redis.off('close', onClose);
      redis.off('ready', onReady);
      local.clear();
      leases.clear();
      abortHandlers.clear();
      await hub.close();
    },
  };
}
