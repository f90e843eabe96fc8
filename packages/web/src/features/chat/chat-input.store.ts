import { create } from 'zustand';

/** The message box's draft, so the landing's example prompts can fill it (they are not sent as is). */
interface ChatInputState {
  draft: string;
  /** Bumped to ask the text box to take focus (after an example prompt, a loaded conversation). */
  focusRequest: number;
  setDraft: (draft: string) => void;
  /** Fills the box and focuses it, caret at the end. */
  fill: (draft: string) => void;
  requestFocus: () => void;
  /** A message a keyboard shortcut asked to edit or copy (docs/reference/settings-and-ui.md (Keyboard shortcuts)). */
  request: { kind: 'edit' | 'copy'; messageId: string } | null;
  setRequest: (request: ChatInputState['request']) => void;
}

export const useChatInputStore = create<ChatInputState>()((set) => ({
  draft: '',
  focusRequest: 0,
  setDraft: (draft) => set({ draft }),
  fill: (draft) => set((s) => ({ draft, focusRequest: s.focusRequest + 1 })),
  requestFocus: () => set((s) => ({ focusRequest: s.focusRequest + 1 })),
  request: null,
  setRequest: (request) => set({ request }),
}));
