import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@parley/shared';
import { queryKeys } from '../../../lib/query-client';
import { latestMessageErrored } from '../latest-message';

/**
 * Whether the conversation's latest message errored, read from the messages cache (the list API carries no
 * error flag, so only conversations whose messages were loaded can show the badge). It only reads the cache:
 * an observer here would lend the chat's query a missing queryFn.
 */
export function useConversationErrored(conversationId: string | undefined): boolean {
  const client = useQueryClient();
  const id = conversationId && conversationId !== 'new' ? conversationId : null;
  // A stable subscribe: an inline one would unsubscribe and subscribe again on every render.
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  return useSyncExternalStore(subscribe, () =>
    id ? latestMessageErrored(client.getQueryData<Message[]>(queryKeys.messages(id))) : false,
  );
}
