import { create } from 'zustand';

/**
 * The commerce dialogs: recharge, balance details, invite cash-back, support, the app download's confirm, and the
 * notice of a payment the buyer came back from.
 */
export type CommerceDialog = 'recharge' | 'balance' | 'invite' | 'support' | 'appDownload' | 'paid';

interface CommerceDialogsState {
  open: CommerceDialog | null;
  /** The order the `paid` notice is about (the return URL's `?paid=<orderId>`). */
  paidOrderId: string | null;
  show: (dialog: CommerceDialog) => void;
  /** Opens the notice of a payment the buyer came back from. */
  showPaid: (orderId: string) => void;
  close: () => void;
}

/** Which commerce dialog is open; one at a time (the balance dialog's Recharge replaces it). */
export const useCommerceDialogs = create<CommerceDialogsState>()((set) => ({
  open: null,
  paidOrderId: null,
  show: (open) => set({ open }),
  showPaid: (paidOrderId) => set({ open: 'paid', paidOrderId }),
  close: () => set({ open: null }),
}));
