import { create } from 'zustand';
import type { ConversationOptions } from '@parley/shared';

/**
 * The conversation on screen: its id ('new' until the server assigns one), its title and the endpoint
 * options the next message is sent with. The top bar (endpoint, model, settings, presets) edits `setup`;
 * the chat sends with it. Messages are server state and live in the query cache, not here.
 */
export interface ConversationSetup extends ConversationOptions {
  endpoint?: string;
}

interface ConversationState {
  conversationId: string;
  title: string | null;
  setup: ConversationSetup;
  /** Replaces the whole conversation (navigation, new chat, a loaded conversation, a preset). */
  load: (next: { conversationId: string; title?: string | null; setup: ConversationSetup }) => void;
  /** Changes some options of the current setup (a slider, the model picker). */
  patchSetup: (patch: Partial<ConversationSetup>) => void;
  setConversationId: (conversationId: string) => void;
  setTitle: (title: string | null) => void;
}

export const useConversationStore = create<ConversationState>()((set) => ({
  conversationId: 'new',
  title: null,
  setup: {},
  load: ({ conversationId, title = null, setup }) => set({ conversationId, title, setup }),
  patchSetup: (patch) => set((s) => ({ setup: { ...s.setup, ...patch } })),
  setConversationId: (conversationId) => set({ conversationId }),
  setTitle: (title) => set({ title }),
}));
