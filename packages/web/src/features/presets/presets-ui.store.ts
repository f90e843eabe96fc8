import { create } from 'zustand';
import type { Preset } from '@parley/shared';

interface PresetsUiState {
  /** The save-as-preset dialog (opened from the sticky header and the presets menu). */
  saveOpen: boolean;
  /** The preset open in the edit modal, or null. */
  editing: Preset | null;
  openSave: () => void;
  closeSave: () => void;
  openEdit: (preset: Preset) => void;
  closeEdit: () => void;
}

export const usePresetsUiStore = create<PresetsUiState>()((set) => ({
  saveOpen: false,
  editing: null,
  openSave: () => set({ saveOpen: true }),
  closeSave: () => set({ saveOpen: false }),
  openEdit: (preset) => set({ editing: preset }),
  closeEdit: () => set({ editing: null }),
}));
