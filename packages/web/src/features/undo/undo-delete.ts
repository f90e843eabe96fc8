import { showToast, useToastStore } from '../toast/toast.store';
import { usePendingDeleteKeys } from './pending-delete-keys';
import { createPendingDeletes, UNDO_WINDOW_MS } from './pending-deletes';

const pending = createPendingDeletes({
  page: {
    addEventListener: (type, fn) => (type === 'pagehide' ? window : document).addEventListener(type, fn),
    removeEventListener: (type, fn) =>
      (type === 'pagehide' ? window : document).removeEventListener(type, fn),
    hidden: () => document.visibilityState === 'hidden',
  },
  onChange: (keys) => usePendingDeleteKeys.setState({ keys }),
});
// Logout sends the waiting deletes while the session still holds
// (docs/decisions.md (Logging out sends the waiting deletes first)).
usePendingDeleteKeys.setState({ sendWaiting: () => pending.flush() });

/** Closes the undo toast once its delete is sent (it opened 6 s before, or the page is going anyway). */
function dismissToast(id: number): void {
  const { close, remove } = useToastStore.getState();
  close(id);
  // Leave time for the closing animation, as the toaster does.
  setTimeout(() => remove(id), 200);
}

export interface DeleteWithUndo {
  key: string;
  /** The toast's text ("Preset deleted: …"), already translated. */
  message: string;
  undoLabel: string;
  /** Sends the delete; `keepalive` when the page is being left, so the request outlives it. */
  send: (keepalive: boolean) => void | Promise<unknown>;
  /** After an undo: the item is back in its list; put back anything else (reopen the chat). */
  onUndo?: () => void;
}

/**
 * The item leaves its list at once and a toast offers Undo for 6 s; the delete is sent when the toast's time is
 * up, or at once when the page is hidden or left (docs/decisions.md (Leaving the page sends the waiting deletes at once)).
 */
export function deleteWithUndo({ key, message, undoLabel, send, onUndo }: DeleteWithUndo): void {
  let toastId = 0;
  const scheduled = pending.schedule(key, (leaving) => {
    dismissToast(toastId);
    return send(leaving);
  });
  if (!scheduled) return;
  toastId = showToast({
    message,
    severity: 'info',
    // The delete, not the toast, ends the window: the toast is closed when the delete is sent.
    duration: UNDO_WINDOW_MS + 60_000,
    action: { label: undoLabel, onAction: () => pending.undo(key) && onUndo?.() },
  });
}
