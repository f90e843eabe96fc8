import type { ChatSyncEvent } from '@parley/shared';
import type { ChatContext } from './chat-context';

/**
 * Announces a reply's start or end on the user's feed
 * (docs/reference/chat.md (Following a reply from another window)). Best effort: a page that misses it still finds the
 * reply on its next opening, so a failed publish is logged, never the send's failure.
 */
export function announceReply(
  ctx: ChatContext,
  userId: string,
  event: Omit<ChatSyncEvent, 'sync'>,
): Promise<void> {
  const message = JSON.stringify({ sync: true, ...event } satisfies ChatSyncEvent);
  return ctx.feed.publish(userId, message).catch((error: unknown) => ctx.logError(error, 'reply feed'));
}
