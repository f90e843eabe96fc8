import { create } from 'zustand';

interface KeyDialogState {
  /** The endpoint whose key dialog is open, or null. */
  endpoint: string | null;
  open: (endpoint: string) => void;
  close: () => void;
}

/**
 * The endpoint key dialog (docs/reference/endpoints-and-models.md (User-provided keys)): opened by the key button, or
 * on selecting an endpoint with no key.
 */
export const useKeyDialogStore = create<KeyDialogState>()((set) => ({
  endpoint: null,
  open: (endpoint) => set({ endpoint }),
  close: () => set({ endpoint: null }),
}));
