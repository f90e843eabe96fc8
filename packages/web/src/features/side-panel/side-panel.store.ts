import { create } from 'zustand';
import { STORAGE_KEYS } from '@parley/shared';
import { SIDE_PANEL_KEYS, storage as appStorage, type PanelLayout } from '../../lib/storage';
import { SIDE_PANEL } from './side-panel-sizes';

/** The panels the side panel can show. */
export const SIDE_PANEL_IDS = ['assistants', 'files'] as const;
export type SidePanelId = (typeof SIDE_PANEL_IDS)[number];

const isPanelId = (value: unknown): value is SidePanelId => SIDE_PANEL_IDS.includes(value as SidePanelId);

export interface SidePanelState {
  collapsed: boolean;
  active: SidePanelId;
  /** The chat's and the panel's widths in percent, as last laid out. */
  layout: PanelLayout;
  /** The panel's last open width, in percent, where the next expansion goes back to. */
  openSize: number | null;
  /** True until the panel is first expanded (the strip's button is marked for a new user until then). */
  newUser: boolean;
  /** Counts the user's requests to open a panel: the panel moves focus into itself then, never on a page load. */
  focusRequest: number;
  expand: (panel?: SidePanelId, options?: { focus?: boolean }) => void;
  collapse: () => void;
  /**
   * A layout the user made with the handle (a drag, a key): saved `layoutSaveDelayMs` after the last of a burst of
   * changes, with whether it left the panel at its strip's size.
   */
  applyLayout: (layout: PanelLayout, collapsed: boolean) => void;
}

type Storage = Pick<typeof appStorage, 'get' | 'set'>;

/** The side panel's state, remembered in `storage` (docs/reference/settings-and-ui.md (Browser storage)). */
export function createSidePanelStore(storage: Storage = appStorage) {
  const layout = storage.get(SIDE_PANEL_KEYS.layout) ?? SIDE_PANEL.defaultLayout;
  const storedActive = storage.get(SIDE_PANEL_KEYS.activePanel);
  let saveTimer: ReturnType<typeof setTimeout> | undefined;

  return create<SidePanelState>()((set, get) => ({
    // A layout whose panel is at the strip's size is a collapsed one, whatever the flag says.
    collapsed: storage.get(SIDE_PANEL_KEYS.collapsed) ?? layout[1] <= SIDE_PANEL.collapsedSize,
    active: isPanelId(storedActive) ? storedActive : 'assistants',
    layout,
    openSize: layout[1] > SIDE_PANEL.collapsedSize ? layout[1] : null,
    newUser: storage.get(STORAGE_KEYS.newUser) ?? true,
    focusRequest: 0,
    expand: (panel, options = {}) => {
      const active = panel ?? get().active;
      storage.set(SIDE_PANEL_KEYS.activePanel, active);
      if (get().collapsed) storage.set(SIDE_PANEL_KEYS.collapsed, false);
      if (get().newUser) storage.set(STORAGE_KEYS.newUser, false);
      set((s) => ({
        collapsed: false,
        active,
        newUser: false,
        focusRequest: options.focus === false ? s.focusRequest : s.focusRequest + 1,
      }));
    },
    collapse: () => {
      if (get().collapsed) return;
      storage.set(SIDE_PANEL_KEYS.collapsed, true);
      set({ collapsed: true });
    },
    applyLayout: (next, collapsed) => {
      if (collapsed) get().collapse();
      else if (get().collapsed) get().expand(undefined, { focus: false });
      const [main, side] = get().layout;
      if (main === next[0] && side === next[1]) return;
      set((s) => ({ layout: next, openSize: collapsed ? s.openSize : next[1] }));
      clearTimeout(saveTimer);
      saveTimer = setTimeout(() => storage.set(SIDE_PANEL_KEYS.layout, next), SIDE_PANEL.layoutSaveDelayMs);
    },
  }));
}

export const useSidePanelStore = createSidePanelStore();
