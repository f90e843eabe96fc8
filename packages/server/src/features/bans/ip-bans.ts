import type { Redis } from 'ioredis';

/** Banned IPs with their end time; Redis when the app has it, so every instance refuses the same IPs. */
export interface IpBans {
  ban(ip: string, durationMs: number): Promise<void>;
  /** Whether the IP is banned now. */
  isBanned(ip: string): Promise<boolean>;
}

// Expired bans are swept once the map holds this many, so memory stays bounded by live bans.
const SWEEP_AT = 10_000;

export function createMemoryIpBans(prefix: string, now: () => number = Date.now): IpBans {
  const until = new Map<string, number>();
  return {
    async ban(ip, durationMs) {
      const at = now();
      if (until.size >= SWEEP_AT) for (const [key, end] of until) if (end <= at) until.delete(key);
      until.set(prefix + ip, at + durationMs);
    },
    async isBanned(ip) {
      const end = until.get(prefix + ip);
      return end !== undefined && end > now();
    },
  };
}

/** The key expires with the ban, so Redis holds only live bans. */
export function createRedisIpBans(redis: Redis, prefix: string): IpBans {
  return {
    async ban(ip, durationMs) {
      await redis.set(prefix + ip, '1', 'PX', durationMs);
    },
    async isBanned(ip) {
      return (await redis.exists(prefix + ip)) === 1;
    },
  };
}
