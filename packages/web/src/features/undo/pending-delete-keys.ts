import { create } from 'zustand';

interface PendingDeleteKeys {
  /** The keys (`preset:<id>`, `convo:<id>`) whose delete waits out its undo window; the lists hide them. */
  keys: ReadonlySet<string>;
  /**
   * Sends every waiting delete now (logout, before the token goes), settling once they are answered; undo-delete.ts
   * plugs it in.
   */
  sendWaiting: () => Promise<void>;
}

/**
 * Apart from undo-delete.ts, which loads with the first delete, so the initial JavaScript holds only this store.
 */
export const usePendingDeleteKeys = create<PendingDeleteKeys>()(() => ({
  keys: new Set(),
  sendWaiting: () => Promise.resolve(),
}));
