import { create } from 'zustand';

export type SettingsTab = 'general' | 'beta' | 'data' | 'account' | 'usage';

interface SettingsDialogState {
  open: boolean;
  tab: SettingsTab;
  show: (tab?: SettingsTab) => void;
  setTab: (tab: SettingsTab) => void;
  close: () => void;
}

/**
 * The settings dialog (docs/reference/settings-and-ui.md (Settings dialog)) lives in the shell, so it survives the
 * sidebar closing on phones.
 */
export const useSettingsDialogStore = create<SettingsDialogState>()((set) => ({
  open: false,
  tab: 'general',
  show: (tab = 'general') => set({ open: true, tab }),
  setTab: (tab) => set({ tab }),
  close: () => set({ open: false }),
}));
