import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationPage, SearchPage } from '@parley/shared';
import { queryKeys } from '../../lib/query-client';

type Pages = InfiniteData<ConversationPage, number>;

function update(client: QueryClient, change: (data: Pages) => Pages): void {
  client.setQueryData<Pages>(queryKeys.conversations, (data) => (data ? change(data) : data));
}

function without(data: Pages, conversationId: string): Pages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.filter((c) => c.conversationId !== conversationId),
    })),
  };
}

/**
 * A new or updated conversation moves to the top of the first page
 * (docs/reference/conversations.md (The sidebar list)).
 */
export function upsertConversationInCache(client: QueryClient, conversation: Conversation): void {
  client.setQueryData(queryKeys.conversation(conversation.conversationId), conversation);
  // A temporary chat is never listed (docs/reference/conversations.md (Temporary chats)).
  if (conversation.expiredAt) return;
  update(client, (data) => {
    const rest = without(data, conversation.conversationId);
    const [first, ...others] = rest.pages;
    if (!first) return data;
    return {
      ...rest,
      pages: [{ ...first, conversations: [conversation, ...first.conversations] }, ...others],
    };
  });
}

/** A generated or renamed title updates the conversation where it is. */
export function setConversationTitleInCache(
  client: QueryClient,
  conversationId: string,
  title: string,
): void {
  update(client, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((c) =>
        c.conversationId === conversationId ? { ...c, title } : c,
      ),
    })),
  }));
  client.setQueryData<Conversation>(queryKeys.conversation(conversationId), (c) => (c ? { ...c, title } : c));
}

/** Archive takes a conversation out of the list's loaded pages; search results keep it (marked archived). */
export function removeConversationFromList(client: QueryClient, conversationId: string): void {
  update(client, (data) => without(data, conversationId));
}

/** Delete removes one conversation from every loaded page, and from every search's results. */
export function removeConversationFromCache(client: QueryClient, conversationId: string): void {
  update(client, (data) => without(data, conversationId));
  client.setQueriesData<InfiniteData<SearchPage, number>>({ queryKey: queryKeys.searches }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            conversations: page.conversations.filter((c) => c.conversationId !== conversationId),
            messages: page.messages.filter((m) => m.conversationId !== conversationId),
          })),
        }
      : data,
  );
  client.removeQueries({ queryKey: queryKeys.conversation(conversationId) });
  client.removeQueries({ queryKey: queryKeys.messages(conversationId) });
}
