import { create } from 'zustand';

/** The commerce dialogs: recharge, balance details, invite cash-back, support, the app download's confirm. */
export type CommerceDialog = 'recharge' | 'balance' | 'invite' | 'support' | 'appDownload';

interface CommerceDialogsState {
  open: CommerceDialog | null;
  show: (dialog: CommerceDialog) => void;
  close: () => void;
}

/** Which commerce dialog is open; one at a time (the balance dialog's Recharge replaces it). */
export const useCommerceDialogs = create<CommerceDialogsState>()((set) => ({
  open: null,
  show: (open) => set({ open }),
  close: () => set({ open: null }),
}));
