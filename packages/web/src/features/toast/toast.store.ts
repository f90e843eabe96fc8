import { create } from 'zustand';
import { TOAST_DURATION_MS, TOAST_OPEN_DELAY_MS } from '@parley/shared';

export type ToastSeverity = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  duration: number;
  open: boolean;
  action?: ToastAction;
}

/** A button in the toast (Undo); pressing it closes the toast. */
export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface ShowToastInput {
  /** Already translated text. */
  message: string;
  severity?: ToastSeverity;
  /** Milliseconds before it closes; default 3000 (docs/reference/settings-and-ui.md (Toasts)). */
  duration?: number;
  action?: ToastAction;
}

interface ToastState {
  toasts: Toast[];
  add: (toast: Toast) => void;
  close: (id: number) => void;
  remove: (id: number) => void;
}

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  add: (toast) => set((s) => ({ toasts: [...s.toasts, toast] })),
  close: (id) => set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) })),
  remove: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

let nextId = 1;

/**
 * Shows a toast about 100 ms after the request (docs/reference/settings-and-ui.md (Toasts)); usable outside React.
 * Answers its id, to close it early.
 */
export function showToast({
  message,
  severity = 'info',
  duration = TOAST_DURATION_MS,
  action,
}: ShowToastInput): number {
  const id = nextId++;
  setTimeout(() => {
    useToastStore.getState().add({ id, message, severity, duration, open: true, ...(action && { action }) });
  }, TOAST_OPEN_DELAY_MS);
  return id;
}
