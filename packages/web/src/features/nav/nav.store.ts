import { create } from 'zustand';
import { STORAGE_KEYS } from '@parley/shared';
import { storage } from '../../lib/storage';

export const NARROW_QUERY = '(max-width: 767px)';

interface NavState {
  visible: boolean;
  setVisible: (visible: boolean) => void;
  toggle: () => void;
}

// First visit: open on wide screens, closed on phones where it would cover the chat.
const initial = storage.get(STORAGE_KEYS.navVisible) ?? !window.matchMedia(NARROW_QUERY).matches;

/** Sidebar open state, persisted under `navVisible` (docs/reference/settings-and-ui.md (The chat screen)). */
export const useNavStore = create<NavState>()((set, get) => ({
  visible: initial,
  setVisible: (visible) => {
    storage.set(STORAGE_KEYS.navVisible, visible);
    set({ visible });
  },
  toggle: () => get().setVisible(!get().visible),
}));
