import { LOGOUT_CLEARED_KEYS, STORAGE_KEYS, type FileSource } from '@parley/shared';

export type ThemeChoice = 'system' | 'dark' | 'light';

/**
 * The model last chosen per endpoint name (docs/reference/settings-and-ui.md (Browser storage)), plus primary/secondary
 * models.
 */
export type LastSelectedModel = Record<string, string>;
/**
 * The endpoint options of the last conversation set up, so a new chat starts from them
 * (docs/reference/presets.md (The setup of a new chat)).
 */
export type LastConversationSetup = Record<string, unknown> & { endpoint?: string };
/** bingAI's last tone and jailbreak (features/endpoints/bing-settings.ts); read field by field. */
export type LastBingSettings = Record<string, unknown> & { jailbreak?: unknown; toneStyle?: unknown };
/**
 * A plugin tool last chosen, stored as the plugin object (key, name, icon, …), the shape browsers already hold under
 * `lastSelectedTools`; only `pluginKey` is relied on.
 */
export type StoredTool = { pluginKey: string } & Record<string, unknown>;
/**
 * Where the side panel's memory is kept: LibreChat's web uses these names for the same things, so a browser that
 * held them keeps its panel as it was.
 */
export const SIDE_PANEL_KEYS = {
  /** The chat's and the side panel's widths, as percentages of the row they share (`[97, 3]` by default). */
  layout: 'react-resizable-panels:layout',
  collapsed: 'react-resizable-panels:collapsed',
  activePanel: 'side:active-panel',
} as const;
/** The chat's and the side panel's widths, in percent. */
export type PanelLayout = [number, number];

/** Files whose server delete is still pending, by file_id (docs/reference/files.md (Deleting files)). */
export type FilesToDelete = Record<string, { file_id: string; filepath?: string; source?: FileSource }>;

/** The value type of each browser-persisted setting. */
export interface StoredValues {
  [STORAGE_KEYS.lang]: string;
  [STORAGE_KEYS.colorTheme]: ThemeChoice;
  [STORAGE_KEYS.navVisible]: boolean;
  /** Cleared (false) the first time the side panel is expanded. */
  [STORAGE_KEYS.newUser]: boolean;
  [SIDE_PANEL_KEYS.layout]: PanelLayout;
  [SIDE_PANEL_KEYS.collapsed]: boolean;
  [SIDE_PANEL_KEYS.activePanel]: string;
  [STORAGE_KEYS.autoScroll]: boolean;
  [STORAGE_KEYS.hideSidePanel]: boolean;
  [STORAGE_KEYS.modularChat]: boolean;
  [STORAGE_KEYS.LaTeXParsing]: boolean;
  [STORAGE_KEYS.UsernameDisplay]: boolean;
  [STORAGE_KEYS.lastSelectedModel]: LastSelectedModel;
  [STORAGE_KEYS.lastConversationSetup]: LastConversationSetup;
  [STORAGE_KEYS.lastSelectedTools]: StoredTool[];
  [STORAGE_KEYS.lastBingSettings]: LastBingSettings;
  [STORAGE_KEYS.filesToDelete]: FilesToDelete;
  /** Read field by field by features/export/export-preferences.ts, so a damaged field falls back alone. */
  [STORAGE_KEYS.exportChoices]: Record<string, unknown>;
}
export type StoredKey = keyof StoredValues;
type AnyStorageKey =
  (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | (typeof SIDE_PANEL_KEYS)[keyof typeof SIDE_PANEL_KEYS];

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

/** JSON values; anything that does not parse, or is not the expected shape, reads as unset. */
function json<T>(isShape: (value: unknown) => boolean): Codec<T> {
  return {
    read: (raw) => {
      try {
        const value: unknown = JSON.parse(raw);
        return isShape(value) ? (value as T) : null;
      } catch {
        return null;
      }
    },
    write: (v) => JSON.stringify(v),
  };
}
const isRecord = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
const isLayout = (v: unknown) =>
  Array.isArray(v) &&
  v.length === 2 &&
  v.every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 100);
const isToolList = (v: unknown) =>
  Array.isArray(v) &&
  v.every((x) => isRecord(x) && typeof (x as { pluginKey?: unknown }).pluginKey === 'string');

const codecs: { [K in StoredKey]: Codec<StoredValues[K]> } = {
  [STORAGE_KEYS.lang]: text,
  [STORAGE_KEYS.colorTheme]: theme,
  [STORAGE_KEYS.navVisible]: bool,
  [STORAGE_KEYS.newUser]: bool,
  [SIDE_PANEL_KEYS.layout]: json<PanelLayout>(isLayout),
  [SIDE_PANEL_KEYS.collapsed]: bool,
  [SIDE_PANEL_KEYS.activePanel]: text,
  [STORAGE_KEYS.autoScroll]: bool,
  [STORAGE_KEYS.hideSidePanel]: bool,
  [STORAGE_KEYS.modularChat]: bool,
  [STORAGE_KEYS.LaTeXParsing]: bool,
  [STORAGE_KEYS.UsernameDisplay]: bool,
  [STORAGE_KEYS.lastSelectedModel]: json<LastSelectedModel>(isRecord),
  [STORAGE_KEYS.lastConversationSetup]: json<LastConversationSetup>(isRecord),
  [STORAGE_KEYS.lastSelectedTools]: json<StoredTool[]>(isToolList),
  [STORAGE_KEYS.lastBingSettings]: json<LastBingSettings>(isRecord),
  [STORAGE_KEYS.filesToDelete]: json<FilesToDelete>(isRecord),
  [STORAGE_KEYS.exportChoices]: json<Record<string, unknown>>(isRecord),
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
    /** What logout forgets (docs/reference/accounts.md (The session in the browser)). */
    clearOnLogout(): void {
      for (const key of LOGOUT_CLEARED_KEYS) this.remove(key);
    },
  };
}

export const storage = createStorage();
