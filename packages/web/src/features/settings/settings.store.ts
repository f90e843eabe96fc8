import { create } from 'zustand';
import { STORAGE_KEYS } from '@parley/shared';
import { storage } from '../../lib/storage';

/**
 * The toggles of the settings dialog, each persisted under its key
 * (docs/reference/settings-and-ui.md (Settings dialog; Browser storage)).
 */
export interface ChatSettings {
  autoScroll: boolean;
  hideSidePanel: boolean;
  modularChat: boolean;
  LaTeXParsing: boolean;
  UsernameDisplay: boolean;
}
type SettingKey = keyof ChatSettings;

const DEFAULTS: ChatSettings = {
  autoScroll: false,
  hideSidePanel: false,
  modularChat: false,
  LaTeXParsing: true,
  UsernameDisplay: true,
};

function load(): ChatSettings {
  const read = (key: SettingKey) => storage.get(STORAGE_KEYS[key]) ?? DEFAULTS[key];
  return {
    autoScroll: read('autoScroll'),
    hideSidePanel: read('hideSidePanel'),
    modularChat: read('modularChat'),
    LaTeXParsing: read('LaTeXParsing'),
    UsernameDisplay: read('UsernameDisplay'),
  };
}

interface SettingsState extends ChatSettings {
  set: (key: SettingKey, value: boolean) => void;
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  ...load(),
  set: (key, value) => {
    storage.set(STORAGE_KEYS[key], value);
    set({ [key]: value } as Pick<ChatSettings, typeof key>);
  },
}));
