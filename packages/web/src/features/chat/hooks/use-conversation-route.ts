import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Conversation } from '@parley/shared';
import { errorText, isApiError } from '../../../lib/api-error';
import { useEndpointsQuery } from '../../endpoints/endpoints.api';
import { showToast } from '../../toast/toast.store';
import { useNewConversation } from '../../endpoints/hooks/use-new-conversation';
import { messagesCache, NEW_CONVERSATION, SEARCH_CONVERSATION, useConversationQuery } from '../chat.api';
import { detach } from '../chat-session';
import { useChatStreamStore } from '../chat-stream.store';
import { useConversationStore, type ConversationSetup } from '../conversation.store';
import { useSiblingSelectionStore } from '../sibling-selection.store';

/** The options a loaded conversation's next message is sent with (its columns are not options). */
function setupOf(conversation: Conversation): ConversationSetup {
  const {
    conversationId: _id,
    title: _title,
    user: _user,
    createdAt: _c,
    updatedAt: _u,
    ...setup
  } = conversation;
  return setup;
}

/**
 * Loads the conversation the URL names (docs/reference/conversations.md (Opening a conversation)): 'new' (or none)
 * starts a new one; an id is fetched and its options become the setup; a failed fetch says why and goes to /c/new. Entering another
 * conversation leaves any reply still streaming elsewhere to run on the server.
 */
export function useConversationRoute(routeId: string): void {
  const { key } = useLocation();
  const navigate = useNavigate();
  const newConversation = useNewConversation();
  // An effect event: the route effect must run on navigation only, never because this function was rebuilt.
  const startNew = useEffectEvent(() => newConversation());
  const { data: endpoints } = useEndpointsQuery();
  const saved = routeId !== NEW_CONVERSATION && routeId !== SEARCH_CONVERSATION;
  const query = useConversationQuery(saved ? routeId : undefined);
  // Every step reads and writes the store, never a ref: StrictMode runs each effect twice, and the page may
  // remount while a load is under way, so a step must come out the same however often it runs.
  useEffect(() => {
    const store = useConversationStore.getState();
    const streaming = useChatStreamStore.getState().conversationId;
    if (routeId === NEW_CONVERSATION) {
      detach();
      // A new chat starts empty, even after a send the server refused (its messages stayed local).
      messagesCache.set(NEW_CONVERSATION, []);
      useSiblingSelectionStore.getState().clear(NEW_CONVERSATION);
      startNew();
      return;
    }
    if (streaming !== null && streaming !== routeId) detach();
    // Already on screen (a new conversation that just got its id, the same one picked again, or one whose
    // options are still on their way): keep its setup.
    if (store.conversationId === routeId) return;
    store.load({ conversationId: routeId, title: null, setup: store.setup, pending: true });
    // `key` changes on every navigation, even to the URL already shown (New chat on /c/new).
  }, [routeId, key]);

  // A new chat opened before the endpoints were known gets its endpoint once they are.
  useEffect(() => {
    const { conversationId, setup } = useConversationStore.getState();
    if (endpoints && conversationId === NEW_CONVERSATION && !setup.endpoint) startNew();
  }, [endpoints]);

  // The fetched options become the setup once; a refetch after that only brings the title, so it never undoes
  // the user's changes.
  const conversation = query.data;
  useEffect(() => {
    if (!saved || !conversation || conversation.conversationId !== routeId) return;
    const store = useConversationStore.getState();
    if (store.conversationId !== routeId) return;
    if (store.pending)
      store.load({ conversationId: routeId, title: conversation.title, setup: setupOf(conversation) });
    else if (store.title !== conversation.title) store.setTitle(conversation.title);
  }, [saved, routeId, conversation]);

  // A conversation that cannot be opened says so before the new chat replaces it: a 404 (none, deleted, another
  // user's) as gone, any other failure with its own message.
  // Once per failure (an effect event: a navigate or t rebuilt must not toast again).
  const failure = saved ? query.error : null;
  const { t } = useTranslation();
  const leave = useEffectEvent((error: Error) => {
    showToast(
      isApiError(error) && error.status === 404
        ? { message: t('com_ui_conversation_not_found'), severity: 'warning' }
        : { message: errorText(error), severity: 'error' },
    );
    void navigate('/c/new', { replace: true });
  });
  useEffect(() => {
    if (failure) leave(failure);
  }, [failure]);
}
