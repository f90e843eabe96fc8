import { useEffect } from 'react';
import { followElsewhere, replyEndedElsewhere } from '../chat-session';
import { startSyncFeed } from '../sync-feed';

/**
 * While a user is signed in, the page holds their reply feed
 * (docs/reference/chat.md (Following a reply from another window)): replies started in another window are followed on
 * the conversation shown, and the list keeps their order. Signing out (or another user) closes it.
 */
export function useSyncFeed(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    return startSyncFeed((event) => {
      if (event.state === 'started') void followElsewhere(event);
      else replyEndedElsewhere(event);
    });
  }, [userId]);
}
