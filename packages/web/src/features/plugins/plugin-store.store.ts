import { create } from 'zustand';

interface PluginStoreState {
  open: boolean;
  show: () => void;
  close: () => void;
}

/**
 * Whether the plugin store dialog is open. It lives in the shell, not in the settings popover that opens it: the
 * popover closes as focus moves into the dialog, and the dialog must outlive it.
 */
export const usePluginStore = create<PluginStoreState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  close: () => set({ open: false }),
}));
