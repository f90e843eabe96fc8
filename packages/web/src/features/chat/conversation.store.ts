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
  /**
   * True while `setup` is a stand-in: the route named a saved conversation whose options have not arrived yet.
   * It lives here, not in a component, so a route effect run twice (StrictMode) or a remounted page still
   * knows the options are owed and applies them once they come.
   */
  pending: boolean;
  /** Replaces the whole conversation (navigation, new chat, a loaded conversation, a preset). */
  load: (next: {
    conversationId: string;
    title?: string | null;
    setup: ConversationSetup;
    pending?: boolean;
  }) => void;
  /** Changes some options of the current setup (a slider, the model picker). */
  patchSetup: (patch: Partial<ConversationSetup>) => void;
  setConversationId: (conversationId: string) => void;
  setTitle: (title: string | null) => void;
}

export const useConversationStore = create<ConversationState>()((set) => ({
  conversationId: 'new',
  title: null,
  setup: {},
  pending: false,
  load: ({ conversationId, title = null, setup, pending = false }) =>
    set({ conversationId, title, setup, pending }),
  patchSetup: (patch) => set((s) => ({ setup: { ...s.setup, ...patch } })),
  setConversationId: (conversationId) => set({ conversationId }),
  setTitle: (title) => set({ title }),
}));
