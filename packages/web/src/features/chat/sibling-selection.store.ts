import { create } from 'zustand';
import type { SiblingChoice, SiblingSelection } from './message-tree';

/**
 * Which sibling is on screen under each parent, per conversation. Each choice remembers the sibling count it was
 * made with, so a new sibling (a regenerate, an edit) brings the view back to the latest
 * (docs/reference/messages.md (Branches)). In memory only: a reload shows the latest branch again.
 */
interface SiblingSelectionState {
  byConversation: Readonly<Record<string, SiblingSelection>>;
  select: (conversationId: string, parentMessageId: string, choice: SiblingChoice) => void;
  clear: (conversationId: string) => void;
}

export const useSiblingSelectionStore = create<SiblingSelectionState>()((set) => ({
  byConversation: {},
  select: (conversationId, parentMessageId, choice) =>
    set((s) => ({
      byConversation: {
        ...s.byConversation,
        [conversationId]: { ...s.byConversation[conversationId], [parentMessageId]: choice },
      },
    })),
  clear: (conversationId) =>
    set((s) => {
      const { [conversationId]: _dropped, ...rest } = s.byConversation;
      return { byConversation: rest };
    }),
}));
