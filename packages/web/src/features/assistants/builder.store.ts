import { create } from 'zustand';

/** The assistants panel: which assistant the builder edits, and whether it shows the builder or the actions editor. */
interface BuilderState {
  mode: 'builder' | 'actions';
  /** The assistant being edited; null: a new one, not saved yet. */
  assistantId: string | null;
  /** False until the user picks one: the builder then starts on the chat's assistant. */
  picked: boolean;
  /** The action being edited; null: a new one. */
  actionId: string | null;
  edit: (assistantId: string | null) => void;
  openAction: (actionId: string | null) => void;
  /** Back to the builder (the actions editor's Back, and after an action is deleted). */
  back: () => void;
}

export const useBuilderStore = create<BuilderState>()((set) => ({
  mode: 'builder',
  assistantId: null,
  picked: false,
  actionId: null,
  edit: (assistantId) => set({ assistantId, picked: true, mode: 'builder', actionId: null }),
  openAction: (actionId) => set({ mode: 'actions', actionId }),
  back: () => set({ mode: 'builder', actionId: null }),
}));
