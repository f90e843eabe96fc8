import type { Message } from '@parley/shared';

// The sidebar asks on every query-cache event (each observer a message row adds is one), and a long
// conversation has thousands of messages: the answer is kept per messages array, which the cache replaces
// whenever the messages change.
const answers = new WeakMap<readonly Message[], boolean>();

/**
 * Whether a conversation's latest message (the newest by creation time; the later one of equal times) is an
 * error. The conversation list carries no error flag, so the sidebar's '!' badge reads the messages cache.
 */
export function latestMessageErrored(messages: readonly Message[] | undefined): boolean {
  if (!messages?.length) return false;
  const known = answers.get(messages);
  if (known !== undefined) return known;
  let latest = messages[0]!;
  let latestTime = Date.parse(latest.createdAt);
  for (const message of messages) {
    const time = Date.parse(message.createdAt);
    if (time >= latestTime) {
      latest = message;
      latestTime = time;
    }
  }
  answers.set(messages, latest.error);
  return latest.error;
}
