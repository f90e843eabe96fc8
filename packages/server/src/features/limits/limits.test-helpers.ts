import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppDeps } from '../../app-deps';
import { DEFAULT_MESSAGE_LIMITS, type MessageLimitsConfig } from '../../config/message-limit-settings';
import type { DatabaseHandle } from '../../db/database';
import { registerErrorHandler } from '../../lib/error-handler';
import { testConfig } from '../../../test/app.test-helpers';
import type { UserRow } from '../users/users.table';
import { createLimitStores, type LimitStores } from './limit-stores';
import { messageLimitsPreHandler } from './message-limits';

export const randomPrefix = () => `parley-test:limits:${randomBytes(6).toString('hex')}:`;

export interface LimitsVariant {
  name: 'memory' | 'redis';
  /**
   * Deps of one app instance, its limits the defaults changed by `limits` (null leaves `messageLimits` out of the
   * config). On Redis each call has its own connection, so two calls with one prefix are two instances.
   */
  deps(limits?: Partial<MessageLimitsConfig> | null, prefix?: string): AppDeps;
  /** The limit stores of such an instance (what the app's services hold). */
  stores(limits?: Partial<MessageLimitsConfig> | null, prefix?: string): LimitStores;
  /** Closes the connections and deletes the keys written under the prefixes used. */
  cleanup(): Promise<void>;
}

/** Memory always; Redis too when given TEST_REDIS_URL. Use with `describe.each`. */
export function limitsVariants(redisUrl: string | undefined): LimitsVariant[] {
  return [variant('memory'), ...(redisUrl ? [variant('redis', redisUrl)] : [])];
}

function variant(name: LimitsVariant['name'], url?: string): LimitsVariant {
  const made: { redis: Redis; prefix: string }[] = [];
  return {
    name,
    deps(limits = {}, prefix = randomPrefix()) {
      const redis = url ? new Redis(url, { maxRetriesPerRequest: 2 }) : null;
      if (redis) made.push({ redis, prefix });
      const config = testConfig({ rateLimits: { rateLimitPrefix: prefix } });
      if (limits) config.messageLimits = { ...DEFAULT_MESSAGE_LIMITS, ...limits };
      // The limits never touch the database.
      return { config, database: {} as DatabaseHandle, redis };
    },
    stores(limits, prefix) {
      return createLimitStores(this.deps(limits, prefix));
    },
    async cleanup() {
      for (const { redis, prefix } of made.splice(0)) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        redis.disconnect();
      }
    },
  };
}

/**
 * A tiny app with one message route behind the limits. A stand-in guard takes the user id from `x-user`, so the
 * tests need no accounts; the real chat routes put `requireAuth` in its place.
 */
export async function limitedApp(stores: LimitStores): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.post(
    '/api/ask/test',
    {
      preHandler: [
        async (request) => {
          const id = request.headers['x-user'];
          if (typeof id === 'string')
            request.authUser = { id, row: { id } as UserRow, sessionId: 'test-session' };
        },
        // Violations have their own tests (features/bans); here they score nothing.
        messageLimitsPreHandler(stores, { record: async () => false, assertIpAllowed: async () => {} }),
      ],
    },
    async () => ({ ok: true }),
  );
  await app.ready();
  return app;
}

export const postMessage = (app: FastifyInstance, ip: string, user = 'u1') =>
  app.inject({ method: 'POST', url: '/api/ask/test', remoteAddress: ip, headers: { 'x-user': user } });
