import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';
import { useConversationStore } from '../chat/conversation.store';
import { showToast } from '../toast/toast.store';
import { setConversationTitleInCache } from './conversations.cache';

/** Pages load until the page number reaches the page total (docs/reference/conversations.md (The sidebar list)). */
function nextPage(last: { pageNumber: number; pages: number }): number | undefined {
  return last.pageNumber < last.pages ? last.pageNumber + 1 : undefined;
}

/** `GET /api/convos?pageNumber=n`, newest first, as one infinite query the cache helpers update. */
export function useConversationsInfiniteQuery() {
  return useInfiniteQuery({
    queryKey: queryKeys.conversations,
    queryFn: ({ pageParam }) => api.call('listConversations', { query: { pageNumber: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/**
 * `POST /api/convos/update` with the conversation id and the new title. The title shows at once; a failure
 * puts the old one back with the 'Failed to rename conversation' toast (docs/reference/conversations.md (Renaming)).
 */
export function useRenameConversationMutation() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ conversationId, title }: { conversationId: string; title: string; previous: string }) =>
      api.call('renameConversation', { body: { arg: { conversationId, title } } }),
    onMutate: ({ conversationId, title }) => {
      setConversationTitleInCache(client, conversationId, title);
      syncOpenTitle(conversationId, title);
    },
    onError: (_error, { conversationId, previous }) => {
      setConversationTitleInCache(client, conversationId, previous);
      syncOpenTitle(conversationId, previous);
      showToast({ message: t('com_nav_convo_rename_error'), severity: 'error' });
    },
    onSuccess: (conversation) => {
      setConversationTitleInCache(client, conversation.conversationId, conversation.title);
      syncOpenTitle(conversation.conversationId, conversation.title);
    },
  });
}

/** The open conversation's title (document title, mobile header) follows a rename of it. */
function syncOpenTitle(conversationId: string, title: string): void {
  const store = useConversationStore.getState();
  if (store.conversationId === conversationId) store.setTitle(title);
}

/**
 * `POST /api/convos/clear` for one conversation, as the sidebar's delete button sends it once its undo window ends
 * (`keepalive` when the page is being left).
 */
export function sendConversationDelete(
  conversation: Pick<Conversation, 'conversationId'> & { thread_id?: string | null },
  keepalive: boolean,
) {
  return api.call(
    'clearConversations',
    {
      body: {
        arg: {
          conversationId: conversation.conversationId,
          thread_id: conversation.thread_id ?? null,
          source: 'button',
        },
      },
    },
    { keepalive },
  );
}

/** `GET /api/search/enable`: whether the operator turned search on; it does not change while running. */
export function useSearchEnabledQuery() {
  return useQuery({
    queryKey: queryKeys.searchEnabled,
    queryFn: () => api.call('searchEnabled'),
    staleTime: Infinity,
  });
}

/** `GET /api/search?q=&pageNumber=`: matching messages (and titles) newest first, paged like the list. */
export function useSearchInfiniteQuery(query: string, enabled = true) {
  const q = query.trim();
  return useInfiniteQuery({
    queryKey: queryKeys.search(q),
    queryFn: ({ pageParam }) => api.call('search', { query: { q, pageNumber: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: enabled && q.length > 0,
  });
}
