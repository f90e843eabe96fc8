import { describe, expect, it } from 'vitest';
import { createMemoryCounter } from './rate-limit.memory';
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
