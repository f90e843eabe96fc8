import type { Redis } from 'ioredis';
import type { WindowCounter } from './rate-limit';

// One round trip, atomic: the first hit of a window sets its expiry, so every instance shares the same window.
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

// Only a live window is taken from (a key that expired meanwhile is not made again, without an expiry), and
// never below zero.
const UNDO_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count
`;

/** Counter in Redis, shared by every instance that uses the same Redis and key prefix. */
export function createRedisCounter(redis: Redis): WindowCounter {
  return {
    async hit(key, windowMs, amount = 1) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, key, String(windowMs), String(amount))) as [
        number,
        number,
      ];
      return { count, resetMs: ttl };
    },
    async undo(key) {
      await redis.eval(UNDO_SCRIPT, 1, key);
    },
  };
}
