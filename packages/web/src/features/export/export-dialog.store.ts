import { create } from 'zustand';

interface ExportDialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

/** Whether the Export conversation dialog is open (opened from the user menu). */
export const useExportDialogStore = create<ExportDialogState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
