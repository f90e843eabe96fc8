import { LOGOUT_CLEARED_KEYS, STORAGE_KEYS } from '@parley/shared';

export type ThemeChoice = 'system' | 'dark' | 'light';

/** The value type of each browser-persisted setting this app reads today. */
export interface StoredValues {
  [STORAGE_KEYS.lang]: string;
  [STORAGE_KEYS.colorTheme]: ThemeChoice;
  [STORAGE_KEYS.navVisible]: boolean;
}
export type StoredKey = keyof StoredValues;
type AnyStorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

interface Codec<T> {
  read(raw: string): T | null;
  write(value: T): string;
}

const text: Codec<string> = { read: (raw) => raw || null, write: (v) => v };
const bool: Codec<boolean> = {
  read: (raw) => (raw === 'true' ? true : raw === 'false' ? false : null),
  write: (v) => String(v),
};
const theme: Codec<ThemeChoice> = {
  read: (raw) => (raw === 'system' || raw === 'dark' || raw === 'light' ? raw : null),
  write: (v) => v,
};

const codecs: { [K in StoredKey]: Codec<StoredValues[K]> } = {
  [STORAGE_KEYS.lang]: text,
  [STORAGE_KEYS.colorTheme]: theme,
  [STORAGE_KEYS.navVisible]: bool,
};

/** Storage can be missing or throw (private mode, blocked cookies); settings then live for the page only. */
function backing(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function createStorage(getBacking: () => Storage | null = backing) {
  return {
    get<K extends StoredKey>(key: K): StoredValues[K] | null {
      try {
        const raw = getBacking()?.getItem(key);
        return raw == null ? null : codecs[key].read(raw);
      } catch {
        return null;
      }
    },
    set<K extends StoredKey>(key: K, value: StoredValues[K]): void {
      try {
        getBacking()?.setItem(key, codecs[key].write(value));
      } catch {
        // Quota or privacy errors: the in-memory state still holds the choice.
      }
    },
    remove(key: AnyStorageKey): void {
      try {
        getBacking()?.removeItem(key);
      } catch {
        // Nothing to clean up when storage is unavailable.
      }
    },
    /** What logout forgets (spec 1 §4 Session). */
    clearOnLogout(): void {
      for (const key of LOGOUT_CLEARED_KEYS) this.remove(key);
    },
  };
}

export const storage = createStorage();
