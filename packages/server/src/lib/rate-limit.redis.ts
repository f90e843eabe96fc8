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
  };
}
