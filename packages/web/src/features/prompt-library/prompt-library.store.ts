import { create } from 'zustand';

/** The entry a new conversation was started with: its chip shows while the conversation keeps its prefix. */
export interface ChosenPrompt {
  title: string;
  promptPrefix: string;
}

interface PromptLibraryState {
  dialogOpen: boolean;
  setDialogOpen: (open: boolean) => void;
  /** What the dialog's search box holds when it opens (a home page category's tag), else empty. */
  initialSearch: string;
  openOn: (search: string) => void;
  chosen: ChosenPrompt | null;
  setChosen: (chosen: ChosenPrompt | null) => void;
  /** The slash picker's highlighted row (-1: none). */
  pick: number;
  setPick: (pick: number) => void;
  /** Escape closed the picker: it stays closed until the slash is gone from the box. */
  dismissed: boolean;
  setDismissed: (dismissed: boolean) => void;
}

export const usePromptLibraryStore = create<PromptLibraryState>()((set) => ({
  dialogOpen: false,
  setDialogOpen: (dialogOpen) => set(dialogOpen ? { dialogOpen } : { dialogOpen, initialSearch: '' }),
  initialSearch: '',
  openOn: (initialSearch) => set({ dialogOpen: true, initialSearch }),
  chosen: null,
  setChosen: (chosen) => set({ chosen }),
  pick: 0,
  setPick: (pick) => set({ pick }),
  dismissed: false,
  setDismissed: (dismissed) => set({ dismissed }),
}));
