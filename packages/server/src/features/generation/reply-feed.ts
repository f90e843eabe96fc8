import type { Redis } from 'ioredis';
import { RedisChannelHub } from './redis-channel-hub';

/**
 * Tells a user's open pages that one of their replies started or ended
 * (docs/reference/chat.md (Following a reply from another window)), on whichever instance the page's feed is held. One
 * message per reply start and end, never per token: what a page then follows is the job's own stream. Messages are
 * opaque JSON strings (serialised once by the publisher), passed through to each listener of that user only.
 */
export interface ReplyFeed {
  publish(userId: string, message: string): Promise<void>;
  /** Calls `listener` with each message for `userId` from now on; resolves once listening; answers an unsubscribe. */
  listen(userId: string, listener: (message: string) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** One process: a set of listeners per user. */
export function createMemoryReplyFeed(): ReplyFeed {
  const listeners = new Map<string, Set<(message: string) => void>>();
  return {
    async publish(userId, message) {
      for (const listener of listeners.get(userId) ?? []) listener(message);
    },
    async listen(userId, listener) {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      const own = set;
      return () => {
        own.delete(listener);
        if (own.size === 0 && listeners.get(userId) === own) listeners.delete(userId);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}

/**
 * Every instance: a Redis channel per user (`<prefix>feed:<userId>`), subscribed on the instance's shared subscriber
 * connection (redis-channel-hub.ts) only while a page of that user holds a feed there. The user id is a server-side
 * id, never client text, so no user can name another's channel.
 */
export function createRedisReplyFeed(redis: Redis, prefix: string): ReplyFeed {
  const hub = new RedisChannelHub(redis);
  const channel = (userId: string) => `${prefix}feed:${userId}`;
  return {
    async publish(userId, message) {
      await redis.publish(channel(userId), message);
    },
    listen: (userId, listener) => hub.listen(channel(userId), listener),
    close: () => hub.close(),
  };
}

/** Redis when the app has a client (pages on any instance hear of replies on any other), else this process. */
export function createReplyFeed(deps: { redis: Redis | null }, prefix: string): ReplyFeed {
  return deps.redis ? createRedisReplyFeed(deps.redis, prefix) : createMemoryReplyFeed();
}
