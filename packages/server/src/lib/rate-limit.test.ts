import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createMemoryCounter } from './rate-limit.memory';
import { createRedisCounter } from './rate-limit.redis';
import { rateLimiterFactory } from './rate-limit';

describe('rate limiter (memory)', () => {
  it('starts a window at the first hit and a new one once it has passed', async () => {
    let now = 1_000;
    const counter = createMemoryCounter(() => now);
    expect(await counter.hit('k', 100)).toEqual({ count: 1, resetMs: 100 });
    now += 60;
    expect(await counter.hit('k', 100)).toEqual({ count: 2, resetMs: 40 });
    now += 40;
    expect(await counter.hit('k', 100)).toEqual({ count: 1, resetMs: 100 });
  });

  it('allows max hits per key and refuses the next, keys apart', async () => {
    const limiter = rateLimiterFactory(null)({ name: 't', max: 2, windowMs: 60_000 });
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(true);
    const third = await limiter.hit('a');
    expect(third).toMatchObject({ allowed: false, count: 3, retryAfterSeconds: 60 });
    expect((await limiter.hit('b')).allowed).toBe(true);
  });
});

describe('rate limiter take and give back', () => {
  it('gives a hit back while its window lasts, and not in its last second nor in a later window', async () => {
    let now = 1_000;
    const limiter = rateLimiterFactory(null, 'p:', () => now)({ name: 't', max: 1, windowMs: 10_000 });
    const first = await limiter.take('k');
    expect(first.check).toMatchObject({ allowed: true, count: 1 });
    await first.giveBack();
    expect((await limiter.take('k')).check).toMatchObject({ allowed: true, count: 1 });
    const late = await limiter.take('k');
    expect(late.check).toMatchObject({ allowed: false, count: 2, retryAfterSeconds: 10 });
    // 9.5 s into the window: too close to its end for a give-back to be sure of landing in it.
    now += 9_500;
    await late.giveBack();
    const third = await limiter.take('k');
    expect(third.check.count).toBe(3);
    // A new window began: a give-back from the old one must not take from it.
    now += 500;
    const fresh = await limiter.take('k');
    expect(fresh.check).toMatchObject({ allowed: true, count: 1 });
    await third.giveBack();
    expect((await limiter.hit('k')).count).toBe(2);
  });
});

describe('rate limiter undo', () => {
  it('takes back one hit of a live window, never below zero, and nothing once the window ended', async () => {
    let now = 1_000;
    const counter = createMemoryCounter(() => now);
    await counter.hit('k', 100);
    await counter.hit('k', 100);
    await counter.undo('k');
    expect(await counter.hit('k', 100)).toEqual({ count: 2, resetMs: 100 });
    await counter.undo('k');
    await counter.undo('k');
    await counter.undo('k');
    expect(await counter.hit('k', 100)).toEqual({ count: 1, resetMs: 100 });
    now += 100;
    await counter.undo('k');
    expect(await counter.hit('k', 100)).toEqual({ count: 1, resetMs: 100 });
  });

  it.runIf(Boolean(process.env.TEST_REDIS_URL))('does the same in Redis, keeping the window', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const key = `parley-test:${randomBytes(6).toString('hex')}:undo`;
    try {
      const counter = createRedisCounter(redis);
      await counter.hit(key, 60_000);
      await counter.hit(key, 60_000);
      await counter.undo(key);
      const { count, resetMs } = await counter.hit(key, 60_000);
      expect(count).toBe(2);
      expect(resetMs).toBeGreaterThan(55_000);
      for (let i = 0; i < 3; i++) await counter.undo(key);
      expect(await redis.get(key)).toBe('0');
      await redis.del(key);
      await counter.undo(key);
      expect(await redis.exists(key)).toBe(0);
    } finally {
      await redis.del(key);
      redis.disconnect();
    }
  });
});
