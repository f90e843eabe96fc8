import { create } from 'zustand';
import { STORAGE_KEYS, type Language } from '@parley/shared';
import { storage } from '../../lib/storage';
import { AUTO_LANGUAGE, detectLanguage } from './detect-language';
import { applyLanguage, browserLanguages } from './i18n';

export type LanguageSelection = Language | typeof AUTO_LANGUAGE;

interface LanguageState {
  selection: LanguageSelection;
  select: (selection: LanguageSelection) => void;
}

function initialSelection(): LanguageSelection {
  const stored = storage.get(STORAGE_KEYS.lang);
  return stored && stored !== AUTO_LANGUAGE ? detectLanguage(stored, []) : AUTO_LANGUAGE;
}

/** The language the user picked ('auto' follows the browser); writes `lang` and switches the UI at once. */
export const useLanguageStore = create<LanguageState>()((set) => ({
  selection: initialSelection(),
  select: (selection) => {
    storage.set(STORAGE_KEYS.lang, selection);
    set({ selection });
    void applyLanguage(detectLanguage(selection, browserLanguages()));
  },
}));
