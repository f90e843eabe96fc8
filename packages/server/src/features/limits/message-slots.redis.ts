import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { SlotStore } from './message-slots.store';

/** Longest a slot counts without being released: past it a crashed instance's slots free themselves. */
export const DEFAULT_SLOT_LEASE_MS = 10 * 60_000;

// One sorted set per user: a member per slot, scored by when its lease ends. Expired members are dropped before
// counting, and the clock is Redis's own (TIME), so instances with skewed clocks agree. Atomic in one round trip.
const ACQUIRE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

export function createRedisSlotStore(redis: Redis, options: { leaseMs?: number } = {}): SlotStore {
  const leaseMs = options.leaseMs ?? DEFAULT_SLOT_LEASE_MS;
  // Releases Redis missed (it was down as the job ended), by key: given back before the user's next take,
  // so once Redis is back the user is not held to a full set of slots until their leases end.
  const missed = new Map<string, Set<string>>();
  return {
    async acquire(key, limit) {
      const owed = missed.get(key);
      if (owed) {
        await redis.zrem(key, ...owed);
        if (missed.get(key) === owed) missed.delete(key);
      }
      const id = randomUUID();
      const taken = await redis.eval(ACQUIRE_SCRIPT, 1, key, String(limit), String(leaseMs), id);
      return taken === 1 ? id : null;
    },
    async release(key, slotId) {
      try {
        await redis.zrem(key, slotId);
      } catch (error) {
        let owed = missed.get(key);
        if (!owed) missed.set(key, (owed = new Set()));
        owed.add(slotId);
        throw error;
      }
    },
  };
}
