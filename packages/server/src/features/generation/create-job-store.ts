import type { Redis } from 'ioredis';
import type { JobStore, JobStoreOptions } from './job-store';
import { createMemoryJobStore } from './job-store.memory';
import { createRedisJobStore } from './job-store.redis';

/** Redis when the app has a client (any instance can resume or abort any job), else this process's memory. */
export function createJobStore(deps: { redis: Redis | null }, options: JobStoreOptions = {}): JobStore {
  return deps.redis ? createRedisJobStore(deps.redis, options) : createMemoryJobStore(options);
}
