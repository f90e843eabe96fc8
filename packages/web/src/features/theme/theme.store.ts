import { create } from 'zustand';
import { STORAGE_KEYS } from '@parley/shared';
import { storage, type ThemeChoice } from '../../lib/storage';

interface ThemeState {
  choice: ThemeChoice;
  setChoice: (choice: ThemeChoice) => void;
}

/** Theme choice (system, dark, light), persisted under `color-theme`. */
export const useThemeStore = create<ThemeState>()((set) => ({
  choice: storage.get(STORAGE_KEYS.colorTheme) ?? 'system',
  setChoice: (choice) => {
    storage.set(STORAGE_KEYS.colorTheme, choice);
    set({ choice });
  },
}));
