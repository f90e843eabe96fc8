import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ChatStreamEvent } from '@parley/shared';
import type { JobStore, JobStoreOptions, StoredEvent } from './job-store';
import { createMemoryJobStore } from './job-store.memory';
import { createRedisJobStore } from './job-store.redis';

export interface StoreVariant {
  name: 'memory' | 'redis';
  /** A store under the given prefix; each call on Redis gets its own connection, like another instance. */
  make(prefix: string, options?: JobStoreOptions): JobStore;
  /** Closes the stores and connections made so far and deletes the prefix's keys. */
  cleanup(): Promise<void>;
}

export const randomPrefix = () => `parley-test:job:${randomBytes(6).toString('hex')}:`;

function memoryVariant(): StoreVariant {
  const stores: JobStore[] = [];
  return {
    name: 'memory',
    make: (_prefix, options) => {
      const store = createMemoryJobStore(options);
      stores.push(store);
      return store;
    },
    cleanup: async () => {
      await Promise.all(stores.splice(0).map((store) => store.close()));
    },
  };
}

function redisVariant(url: string): StoreVariant {
  const made: { store: JobStore; redis: Redis; prefix: string }[] = [];
  return {
    name: 'redis',
    make: (prefix, options) => {
      const redis = new Redis(url, { maxRetriesPerRequest: 2 });
      const store = createRedisJobStore(redis, { ...options, prefix });
      made.push({ store, redis, prefix });
      return store;
    },
    cleanup: async () => {
      for (const { store, redis, prefix } of made.splice(0)) {
        await store.close();
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        redis.disconnect();
      }
    },
  };
}

/** Memory always; Redis too when given TEST_REDIS_URL. Use with `describe.each`. */
export const storeVariants = (redisUrl: string | undefined): StoreVariant[] =>
  redisUrl ? [memoryVariant(), redisVariant(redisUrl)] : [memoryVariant()];

export const textEvent = (text: string, messageId = 'm1'): ChatStreamEvent => ({
  kind: 'text',
  data: { text, messageId },
});

/** Collects a follow into an array (it must end by itself: job finished or signal aborted). */
export async function collect(iterable: AsyncIterable<StoredEvent>): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  for await (const event of iterable) out.push(event);
  return out;
}

export const texts = (events: StoredEvent[]) =>
  events.map((event) => (JSON.parse(event.data) as { text: string }).text);

export const meta = { userId: 'u1', conversationId: 'c1', ownerInstance: 'i1' };
