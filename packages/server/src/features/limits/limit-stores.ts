import type { AppDeps } from '../../app-deps';
import type { MessageLimitsConfig } from '../../config/message-limit-settings';
import { perMinutes, rateLimiterFactory, type RateLimiter } from '../../lib/rate-limit';
import type { SlotStore } from './message-slots.store';
import { createMemorySlotStore } from './message-slots.memory';
import { createRedisSlotStore } from './message-slots.redis';

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
    messageByIp: perMinutes(make, 'message-ip', limits.messageIpMax, limits.messageIpWindowMinutes),
    messageByUser: perMinutes(make, 'message-user', limits.messageUserMax, limits.messageUserWindowMinutes),
    slots: deps.redis ? createRedisSlotStore(deps.redis) : createMemorySlotStore(),
  };
}
