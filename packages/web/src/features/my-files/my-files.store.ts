import { create } from 'zustand';

/** The top bar's panel button, where focus returns when the panel closes from inside. */
export const FILES_PANEL_TOGGLE_ID = 'files-panel-toggle';

/** Which file views are open: the My Files dialog and the chat's side panel. */
interface MyFilesState {
  dialogOpen: boolean;
  panelOpen: boolean;
  showDialog: () => void;
  closeDialog: () => void;
  setPanelOpen: (open: boolean) => void;
  togglePanel: () => void;
}

export const useMyFilesStore = create<MyFilesState>()((set) => ({
  dialogOpen: false,
  panelOpen: false,
  showDialog: () => set({ dialogOpen: true }),
  closeDialog: () => set({ dialogOpen: false }),
  setPanelOpen: (panelOpen) => set({ panelOpen }),
  togglePanel: () => set((s) => ({ panelOpen: !s.panelOpen })),
}));
