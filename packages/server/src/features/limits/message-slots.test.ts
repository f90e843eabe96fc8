import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { limitsVariants, randomPrefix } from './limits.test-helpers';
import { acquireMessageSlot } from './message-slots';
import { createRedisSlotStore } from './message-slots.redis';

async function expectConcurrent(taking: Promise<unknown>, limit: number): Promise<void> {
  const error = await taking.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({
    code: 'RATE_LIMITED',
    message: `{"type":"concurrent","limit":${limit}}`,
    details: { type: 'concurrent', limit },
  });
}

describe.each(limitsVariants(process.env.TEST_REDIS_URL))('message slots ($name)', (variant) => {
  afterEach(() => variant.cleanup());

  it('gives a user N slots and refuses the (N+1)th, users apart', async () => {
    const stores = variant.stores({ concurrentMessageMax: 3 });
    for (let i = 0; i < 3; i++) await acquireMessageSlot(stores, 'ann');
    await expectConcurrent(acquireMessageSlot(stores, 'ann'), 3);
    await acquireMessageSlot(stores, 'bob');
  });

  it('frees a slot on release, and a second release frees nothing more', async () => {
    const stores = variant.stores({ concurrentMessageMax: 2 });
    const first = await acquireMessageSlot(stores, 'ann');
    await acquireMessageSlot(stores, 'ann');
    await first();
    const third = await acquireMessageSlot(stores, 'ann');
    await first();
    await first();
    await expectConcurrent(acquireMessageSlot(stores, 'ann'), 2);
    await third();
    await acquireMessageSlot(stores, 'ann');
  });

  it('hands out no more than N slots to simultaneous requests', async () => {
    const stores = variant.stores({ concurrentMessageMax: 2 });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => acquireMessageSlot(stores, 'ann')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
  });

  it('uses the default of 2 when the config has no messageLimits', async () => {
    const stores = variant.stores(null);
    await acquireMessageSlot(stores, 'ann');
    await acquireMessageSlot(stores, 'ann');
    await expectConcurrent(acquireMessageSlot(stores, 'ann'), 2);
  });

  it('lets everything through when LIMIT_CONCURRENT_MESSAGES is off', async () => {
    const stores = variant.stores({ limitConcurrentMessages: false, concurrentMessageMax: 1 });
    const releases = await Promise.all(Array.from({ length: 5 }, () => acquireMessageSlot(stores, 'ann')));
    await Promise.all(releases.map((release) => release()));
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('message slots across instances', () => {
  const [, variant] = limitsVariants(process.env.TEST_REDIS_URL);
  afterEach(() => variant!.cleanup());

  it('shares one count between two instances on one Redis', async () => {
    const prefix = randomPrefix();
    const a = variant!.stores({ concurrentMessageMax: 2 }, prefix);
    const b = variant!.stores({ concurrentMessageMax: 2 }, prefix);
    const fromA = await acquireMessageSlot(a, 'ann');
    await acquireMessageSlot(b, 'ann');
    await expectConcurrent(acquireMessageSlot(b, 'ann'), 2);
    await expectConcurrent(acquireMessageSlot(a, 'ann'), 2);
    await fromA();
    await acquireMessageSlot(b, 'ann');
  });

  it('frees a slot that is never released once its lease ends', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!, { maxRetriesPerRequest: 2 });
    const key = `${randomPrefix()}concurrent:ann`;
    try {
      const crashed = createRedisSlotStore(redis, { leaseMs: 200 });
      const alive = createRedisSlotStore(redis, { leaseMs: 60_000 });
      expect(await crashed.acquire(key, 2)).not.toBeNull();
      expect(await alive.acquire(key, 2)).not.toBeNull();
      expect(await alive.acquire(key, 2)).toBeNull();
      // The lease runs on Redis's own clock (TIME), so it ends in real time: ask until it has, up to a deadline.
      const deadline = Date.now() + 5_000;
      let freed = await alive.acquire(key, 2);
      while (freed === null && Date.now() < deadline) {
        await sleep(20);
        freed = await alive.acquire(key, 2);
      }
      expect(freed).not.toBeNull();
      expect(await alive.acquire(key, 2)).toBeNull();
    } finally {
      await redis.del(key);
      redis.disconnect();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)(
    'gives back a slot whose release Redis missed before the next take, once Redis answers',
    async () => {
      const redis = new Redis(process.env.TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
      const key = `${randomPrefix()}concurrent:ann`;
      try {
        const slots = createRedisSlotStore(redis);
        const slot = await slots.acquire(key, 1);
        expect(slot).not.toBeNull();
        redis.disconnect();
        await expect(slots.release(key, slot!)).rejects.toThrow();
        await redis.connect();
        expect(await slots.acquire(key, 1)).not.toBeNull();
      } finally {
        await redis.del(key);
        redis.disconnect();
      }
    },
  );
});
