import { AUTH_MESSAGES } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import type { BanConfig } from '../../config/ban-settings';
import { AppError } from '../../lib/app-error';
import { isoIn, nowIso } from '../../lib/clock';
import { createMemoryCounter } from '../../lib/rate-limit.memory';
import { createRedisCounter } from '../../lib/rate-limit.redis';
import { createMemoryIpBans, createRedisIpBans } from './ip-bans';

/** What a violation is scored for (docs/reference/accounts.md (Bans)). */
export type ViolationKind = keyof BanConfig['scores'];

/** Who committed it: always an IP; a user only when the request was signed in. */
export interface Offender {
  ip: string;
  userId: string | null;
}

export interface Violations {
  /**
   * Adds the kind's score to the user's and the IP's; a score reaching a multiple of BAN_INTERVAL bans the user
   * (when known) and the IP for BAN_DURATION. Answers whether this violation banned anyone.
   */
  record(kind: ViolationKind, who: Offender): Promise<boolean>;
  /** Throws 403 BANNED while the IP is banned. */
  assertIpAllowed(ip: string): Promise<void>;
}

const bannedError = () => new AppError('BANNED', AUTH_MESSAGES.banned);

/**
 * Violation scores and bans, one set per app (app-services.ts). Scores and IP bans live in Redis when the app has
 * it, else in memory; a user's ban is the `banned_until` of their row, which every sign-in and signed-in call
 * already checks, on every instance, through restarts.
 */
export function createViolations(
  deps: AppDeps,
  /** Told after a user is banned (the chat stops their running replies). */
  onUserBanned: (userId: string) => Promise<void> = async () => {},
): Violations {
  const settings = deps.config.bans;
  const prefix = deps.config.rateLimits.rateLimitPrefix;
  const scores = deps.redis ? createRedisCounter(deps.redis) : createMemoryCounter();
  const ipBans = deps.redis
    ? createRedisIpBans(deps.redis, `${prefix}ban-ip:`)
    : createMemoryIpBans(`${prefix}ban-ip:`);
  const windowMs = settings.scoreWindowMinutes * 60_000;

  /** Whether adding `points` took the score to or past a new multiple of the interval. */
  const crossed = async (key: string, points: number): Promise<boolean> => {
    const { count } = await scores.hit(`${prefix}ban-score:${key}`, windowMs, points);
    return Math.floor(count / settings.interval) > Math.floor((count - points) / settings.interval);
  };

  return {
    async record(kind, who) {
      const points = settings.scores[kind];
      if (points <= 0) return false;
      const [byIp, byUser] = await Promise.all([
        crossed(`ip:${who.ip}`, points),
        who.userId === null ? false : crossed(`user:${who.userId}`, points),
      ]);
      if (!settings.enabled || !(byIp || byUser)) return false;
      // The account and the address it acted from go together, whichever score crossed.
      await ipBans.ban(who.ip, settings.durationMs);
      if (who.userId !== null) {
        await deps.database.db
          .updateTable('users')
          // The address goes on the row too: it keeps refusing sign-ups through restarts (signup-origin.ts).
          .set({ banned_until: isoIn(settings.durationMs / 1000), banned_ip: who.ip, updated_at: nowIso() })
          .where('id', '=', who.userId)
          .execute();
        await onUserBanned(who.userId);
      }
      return true;
    },
    async assertIpAllowed(ip) {
      if (await ipBans.isBanned(ip)) throw bannedError();
    },
  };
}
