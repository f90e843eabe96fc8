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

/** One hit counted by RateLimiter.take, and the way to take it back. */
export interface TakenHit {
  check: LimitCheck;
  /**
   * Takes the hit back while the window it was counted in lasts; does nothing once that window has (nearly) ended,
   * since by then the key's count may belong to a new window that other hits started. Call it at most once.
   */
  giveBack(): Promise<void>;
}

export interface RateLimiter {
  /** Counts one attempt for `key`; `allowed` is false from the (max+1)th attempt in the window on. */
  hit(key: string): Promise<LimitCheck>;
  /** Counts one attempt for `key`, as `hit`, that may be given back if it turns out not to count (a right password). */
  take(key: string): Promise<TakenHit>;
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

// A give-back is sent only while its window has at least this long to run, so it reaches the store before the
// window ends even on a slow round trip.
const GIVE_BACK_MARGIN_MS = 1_000;

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
export function rateLimiterFactory(
  redis: Redis | null,
  prefix = DEFAULT_RATE_LIMIT_PREFIX,
  now: () => number = Date.now,
): MakeLimiter {
  // The memory counter and give-backs read the same clock (tests pass their own).
  const counter: WindowCounter = redis ? createRedisCounter(redis) : createMemoryCounter(now);
  return (options: RateLimiterOptions): RateLimiter => {
    const count = async (key: string): Promise<{ check: LimitCheck; resetMs: number }> => {
      const { count, resetMs } = await counter.hit(`${prefix}${options.name}:${key}`, options.windowMs);
      const retryAfterSeconds = Math.max(1, Math.ceil(resetMs / 1000));
      return { check: { allowed: count <= options.max, count, retryAfterSeconds }, resetMs };
    };
    const undo = (key: string) => counter.undo(`${prefix}${options.name}:${key}`);
    return {
      hit: async (key) => (await count(key)).check,
      async take(key) {
        // Read before the hit: the window cannot end before `before + resetMs`, whatever the round trip took.
        const before = now();
        const { check, resetMs } = await count(key);
        const lastGiveBack = before + resetMs - GIVE_BACK_MARGIN_MS;
        return { check, giveBack: async () => (now() < lastGiveBack ? undo(key) : undefined) };
      },
      undo,
    };
  };
}
