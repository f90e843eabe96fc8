import { useEffect, useRef } from 'react';
import type { Message } from '@parley/shared';
import { NEW_CONVERSATION, SEARCH_CONVERSATION } from '../chat.api';
import { resume } from '../chat-session';
import { useChatStreamStore } from '../chat-stream.store';
import { useConversationStore } from '../conversation.store';

/**
 * Once per opening of a saved conversation, when its loaded messages hold an unfinished reply, re-attaches
 * to the generation if it is still running (a reload mid-stream, docs/reference/chat.md (Leaving and resuming)).
 * `ready`: the list is the server's (loaded, not being fetched).
 */
export function useResumeStream(
  conversationId: string,
  messages: Message[] | undefined,
  ready: boolean,
): void {
  const tried = useRef<string | null>(null);
  // Every opening counts anew: leaving for a new chat and coming back re-checks.
  useEffect(() => {
    tried.current = null;
  }, [conversationId]);
  useEffect(() => {
    if (conversationId === NEW_CONVERSATION || conversationId === SEARCH_CONVERSATION) return;
    if (!ready || !messages || tried.current === conversationId) return;
    tried.current = conversationId;
    if (useChatStreamStore.getState().active) return;
    if (!messages.some((m) => !m.isCreatedByUser && m.unfinished && !m.error)) return;
    void resume(conversationId, messages, useConversationStore.getState().setup.endpoint ?? '');
  }, [conversationId, messages, ready]);
}
