import type { Redis } from 'ioredis';
import { createMemoryCounter } from './rate-limit.memory';
import { createRedisCounter } from './rate-limit.redis';

/** Counts hits per key in fixed windows; the window starts at a key's first hit. */
export interface WindowCounter {
  /**
   * Adds `amount` (one by default) and answers the count in the current window and the milliseconds until it
   * ends. Violation scores add more than one at a time.
   */
  hit(key: string, windowMs: number, amount?: number): Promise<{ count: number; resetMs: number }>;
  /**
   * Takes back one earlier hit of `key` in its current window (the window's end unchanged); nothing once the window
   * has ended. For a hit that turned out not to count (a code that was never sent).
   */
  undo(key: string): Promise<void>;
}

export interface LimitCheck {
  allowed: boolean;
  count: number;
  /** Whole seconds until the window ends (for `Retry-After`). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one attempt for `key`; `allowed` is false from the (max+1)th attempt in the window on. */
  hit(key: string): Promise<LimitCheck>;
  /** Takes back one hit of `key` (see WindowCounter.undo). */
  undo(key: string): Promise<void>;
}

export interface RateLimiterOptions {
  /** Names the limiter inside the key space, e.g. `login-ip`. */
  name: string;
  max: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT_PREFIX = 'parley:rl:';

/** Makes one limiter (see rateLimiterFactory). */
export type MakeLimiter = (options: RateLimiterOptions) => RateLimiter;

/** A limiter of `max` requests per window of `minutes`, the unit operators set every limit in. */
export function perMinutes(make: MakeLimiter, name: string, max: number, minutes: number): RateLimiter {
  return make({ name, max, windowMs: minutes * 60_000 });
}

/**
 * Makes limiters that share one store: Redis when the app has a client (so every instance sees the same counts),
 * else this process's memory. Later features (messages, uploads, SMS codes) make theirs from the same factory.
 */
export function rateLimiterFactory(redis: Redis | null, prefix = DEFAULT_RATE_LIMIT_PREFIX): MakeLimiter {
  const counter: WindowCounter = redis ? createRedisCounter(redis) : createMemoryCounter();
  return (options: RateLimiterOptions): RateLimiter => ({
    async hit(key) {
      const { count, resetMs } = await counter.hit(`${prefix}${options.name}:${key}`, options.windowMs);
      return {
        allowed: count <= options.max,
        count,
        retryAfterSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
      };
    },
    undo: (key) => counter.undo(`${prefix}${options.name}:${key}`),
  });
}
