import type { Message } from '@parley/shared';

/**
 * Whether a conversation's latest message (the newest by creation time; the later one of equal times) is an
 * error. The conversation list carries no error flag, so the sidebar's '!' badge reads the messages cache.
 */
export function latestMessageErrored(messages: readonly Message[] | undefined): boolean {
  if (!messages?.length) return false;
  let latest = messages[0]!;
  for (const message of messages) {
    if (Date.parse(message.createdAt) >= Date.parse(latest.createdAt)) latest = message;
  }
  return latest.error;
}
