import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@parley/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';
import { removeConversationFromList } from './conversations.cache';

/** The archived list's key: under the list's, so whatever refreshes the list refreshes it too. */
export const archivedKey = [...queryKeys.conversations, 'archived'] as const;

/** `GET /api/convos?isArchived=true`, newest first, paged as the sidebar list is. */
export function useArchivedConversations() {
  return useInfiniteQuery({
    queryKey: archivedKey,
    queryFn: ({ pageParam }) =>
      api.call('listConversations', { query: { pageNumber: pageParam, isArchived: 'true' } }),
    initialPageParam: 1,
    getNextPageParam: (last: { pageNumber: number; pages: number }) =>
      last.pageNumber < last.pages ? last.pageNumber + 1 : undefined,
  });
}

/**
 * `POST /api/convos/archive` (docs/reference/conversations.md (Archive)). Archiving takes the chat out of the sidebar
 * at once; either way the list, the archived list and search results are then asked for again.
 */
export function useArchiveConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, isArchived }: { conversationId: string; isArchived: boolean }) =>
      api.call('archiveConversation', { body: { arg: { conversationId, isArchived } } }),
    onMutate: ({ conversationId, isArchived }) => {
      if (isArchived) removeConversationFromList(client, conversationId);
    },
    onSettled: (conversation?: Conversation) => {
      if (conversation)
        client.setQueryData(queryKeys.conversation(conversation.conversationId), conversation);
      void client.invalidateQueries({ queryKey: queryKeys.conversations });
      void client.invalidateQueries({ queryKey: queryKeys.searches });
    },
  });
}
