/** How long a delete can be undone (docs/decisions.md (Chat and preset deletes can be undone for 6 s)). */
export const UNDO_WINDOW_MS = 6000;

/**
 * Sends the delete; `leaving` is true when the page is being left or hidden (send it with `keepalive`). May answer the
 * request's promise, so a flush can wait for it.
 */
export type CommitDelete = (leaving: boolean) => void | Promise<unknown>;

/** The page events that send every waiting delete at once (`window` and `document` in the browser). */
export interface PageEvents {
  addEventListener: (type: string, listener: () => void) => void;
  removeEventListener: (type: string, listener: () => void) => void;
  hidden: () => boolean;
}

export interface PendingDeletesOptions {
  page?: PageEvents;
  delayMs?: number;
  /** Called with the waiting keys after every change (the lists hide those items). */
  onChange?: (keys: ReadonlySet<string>) => void;
}

/**
 * Deletes that wait out the undo window before they are sent (docs/decisions.md (The delete waits instead of being undone on the server)). Each key
 * is sent at most once: when its window ends, or at once when the page is hidden or left (`pagehide`,
 * `visibilitychange` to hidden); an undo within the window cancels it.
 */
export function createPendingDeletes({
  page,
  delayMs = UNDO_WINDOW_MS,
  onChange,
}: PendingDeletesOptions = {}) {
  const waiting = new Map<string, { commit: CommitDelete; timer: ReturnType<typeof setTimeout> }>();
  let listening = false;

  const onHide = () => {
    if (page?.hidden()) void flush();
  };
  const onLeave = () => void flush();

  function changed(): void {
    if (page && waiting.size > 0 !== listening) {
      listening = waiting.size > 0;
      const method = listening ? 'addEventListener' : 'removeEventListener';
      page[method]('pagehide', onLeave);
      page[method]('visibilitychange', onHide);
    }
    onChange?.(new Set(waiting.keys()));
  }

  /** Takes the key out of the waiting list; answers its commit if it was waiting. */
  function take(key: string): CommitDelete | undefined {
    const entry = waiting.get(key);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    waiting.delete(key);
    changed();
    return entry.commit;
  }

  /** Waits `delayMs`, then commits. A key already waiting is not scheduled twice (answers false). */
  function schedule(key: string, commit: CommitDelete): boolean {
    if (waiting.has(key)) return false;
    const timer = setTimeout(() => take(key)?.(false), delayMs);
    waiting.set(key, { commit, timer });
    changed();
    return true;
  }

  /** Cancels a waiting delete; false when it was already sent (or never scheduled). */
  function undo(key: string): boolean {
    return take(key) !== undefined;
  }

  /**
   * Sends every waiting delete now, as the page is being left or the session ends; settles once every delete has
   * been answered (or failed), for a caller that must not go on before (logout).
   */
  function flush(): Promise<void> {
    const sent = [...waiting.keys()].map((key) => take(key)?.(true));
    return Promise.allSettled(sent).then(() => undefined);
  }

  return { schedule, undo, flush, has: (key: string) => waiting.has(key) };
}

export type PendingDeletes = ReturnType<typeof createPendingDeletes>;
