import { useCallback } from 'react';
import type { PromptEntry } from '@parley/shared';
import { useChatInputStore } from '../../chat/chat-input.store';
import { useConversationStore } from '../../chat/conversation.store';
import { useOpenNewConversation } from '../../endpoints/hooks/use-new-conversation';
import { usePromptLibraryStore } from '../prompt-library.store';

/**
 * Starts a new conversation with an entry (docs/reference/prompt-library.md (Choosing an entry)): the endpoint and
 * model on screen, the entry's prompt prefix as the conversation's promptPrefix, an empty box with the focus in it.
 */
export function useChoosePrompt() {
  const openNew = useOpenNewConversation();
  return useCallback(
    (entry: PromptEntry) => {
      const { setup } = useConversationStore.getState();
      usePromptLibraryStore.getState().setChosen({ title: entry.title, promptPrefix: entry.promptPrefix });
      usePromptLibraryStore.getState().setDialogOpen(false);
      openNew({ ...setup, promptPrefix: entry.promptPrefix });
      useChatInputStore.getState().fill('');
    },
    [openNew],
  );
}
