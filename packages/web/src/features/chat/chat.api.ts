import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Message } from '@parley/shared';
import { api } from '../../lib/api';
import type { CallOptions } from '../../lib/api-client';
import type { Submission, SubmissionCall } from './stream/submission';
import type { AbortCall } from './stream/abort-call';
import { useTemporaryChatStore } from './temporary-chat.store';
import { queryClient, queryKeys } from '../../lib/query-client';

/**
 * Special conversation ids: an empty unsaved chat, and the search view
 * (docs/reference/conversations.md (Special conversation ids)).
 */
export const NEW_CONVERSATION = 'new';
export const SEARCH_CONVERSATION = 'search';

const isSaved = (id: string | undefined): id is string =>
  Boolean(id) && id !== NEW_CONVERSATION && id !== SEARCH_CONVERSATION;

/**
 * `GET /api/messages/:id`: the flat list of a conversation's messages, every branch. 'new' is an empty list
 * with no call (docs/reference/messages.md (Reading messages)). While a reply streams the chat keeps this cache current
 * itself, so it is fresh for a while after the last change and is not refetched under a running stream.
 */
export function useMessagesQuery(conversationId: string, options: { paused?: boolean } = {}) {
  return useQuery({
    ...messagesQuery(conversationId),
    enabled: isSaved(conversationId) && !options.paused,
    initialData: isSaved(conversationId) ? undefined : [],
    retry: false,
  });
}

/** `GET /api/convos/:id`. */
export function useConversationQuery(conversationId: string | undefined) {
  return useQuery({
    ...conversationQuery(conversationId ?? ''),
    enabled: isSaved(conversationId),
    retry: false,
  });
}

/** The message list's query, for the chat and for readers outside it (the export): one key, one freshness. */
export const messagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: queryKeys.messages(conversationId),
    queryFn: () => api.call('listMessages', { params: { conversationId } }),
    staleTime: 30_000,
  });

/** The conversation record's query, shared the same way. */
export const conversationQuery = (conversationId: string) =>
  queryOptions({
    queryKey: queryKeys.conversation(conversationId),
    queryFn: () => api.call('getConversation', { params: { conversationId } }),
    staleTime: 30_000,
  });

/** Reads and writes a conversation's message list in the query cache (the chat's single source of truth). */
export const messagesCache = {
  get: (conversationId: string): Message[] =>
    queryClient.getQueryData<Message[]>(queryKeys.messages(conversationId)) ?? [],
  update(conversationId: string, change: (messages: Message[]) => Message[]): void {
    queryClient.setQueryData<Message[]>(queryKeys.messages(conversationId), (old) => change(old ?? []));
  },
  set(conversationId: string, messages: Message[]): void {
    queryClient.setQueryData<Message[]>(queryKeys.messages(conversationId), messages);
  },
  /** Marks the list as outdated so the next view of it refetches (a stream left behind, a stop). */
  invalidate(conversationId: string): Promise<void> {
    return queryClient.invalidateQueries({ queryKey: queryKeys.messages(conversationId) });
  },
};

/**
 * A send's call (docs/reference/chat.md (The ask call); docs/reference/assistants.md (Chatting with an assistant)):
 * the raw answer, the stream.
 */
export function postSend(submission: Submission, options: CallOptions): Promise<Response> {
  const call: SubmissionCall = submission;
  switch (call.route) {
    case 'ask':
    case 'edit': {
      // A new chat sent while Temporary chat is on (docs/reference/conversations.md (Temporary chats)).
      const temporary = submission.conversationId === NEW_CONVERSATION && useTemporaryChatStore.getState().on;
      return api.callRaw(
        call.route,
        {
          params: { endpoint: submission.endpoint },
          body: temporary ? { ...call.payload, isTemporary: true } : call.payload,
        },
        options,
      );
    }
    default:
      return api.callRaw(call.route, { body: call.payload }, options);
  }
}

/**
 * `POST /api/ask/{endpoint}/abort`, or `/api/assistants/chat/abort` (docs/reference/chat.md (Stopping a reply)): the
 * raw answer, whose status decides the outcome.
 */
export function postAbort(call: AbortCall): Promise<Response> {
  if (call.route === 'assistantChatAbort') return api.callRaw(call.route, { body: call.payload });
  return api.callRaw(call.route, { params: { endpoint: call.endpoint }, body: call.payload });
}

/** `POST /api/convos/gen_title`: the generated title (the server waits a few seconds for it). */
export function generateTitle(conversationId: string): Promise<{ title: string }> {
  return api.call('generateTitle', { body: { conversationId } });
}

/** `PUT /api/messages/:conversationId/:messageId`: saves an edited text without resubmitting. */
export function saveMessageText(message: Message, text: string): Promise<Message> {
  const { conversationId, messageId } = message;
  return api.call('updateMessage', {
    params: { conversationId, messageId },
    body: { text, model: message.model ?? 'gpt-3.5-turbo', conversationId },
  });
}
