import type { AppDeps } from '../../app-deps';
import type { MessageLimitsConfig } from '../../config/message-limit-settings';
import { rateLimiterFactory, type RateLimiter } from '../../lib/rate-limit';
import type { SlotStore } from './message-slots.store';
import { createMemorySlotStore } from './message-slots.memory';
import { createRedisSlotStore } from './message-slots.redis';

const MINUTE_MS = 60_000;

export interface LimitStores {
  limits: MessageLimitsConfig;
  /** Prefix of every key the message limits write (the app's rate-limit prefix). */
  prefix: string;
  messageByIp: RateLimiter;
  messageByUser: RateLimiter;
  slots: SlotStore;
}

/**
 * The message limits and their stores. One set per app (app-services.ts), so every route and every call counts in
 * the same memory windows and slots.
 */
export function createLimitStores(deps: AppDeps): LimitStores {
  const limits = deps.config.messageLimits;
  const prefix = deps.config.rateLimits.rateLimitPrefix;
  const make = rateLimiterFactory(deps.redis, prefix);
  return {
    limits,
    prefix,
    messageByIp: make({
      name: 'message-ip',
      max: limits.messageIpMax,
      windowMs: limits.messageIpWindowMinutes * MINUTE_MS,
    }),
    messageByUser: make({
      name: 'message-user',
      max: limits.messageUserMax,
      windowMs: limits.messageUserWindowMinutes * MINUTE_MS,
    }),
    slots: deps.redis ? createRedisSlotStore(deps.redis) : createMemorySlotStore(),
  };
}
