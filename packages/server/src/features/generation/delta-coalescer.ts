export interface DeltaCoalescer {
  /** Takes the next chunk from the provider, in order. */
  push(chunk: string): void;
  /** Emits whatever is pending now (call before the final event) and closes the current window. */
  flush(): void;
  /** Drops the timer without emitting (the job is being torn down). */
  dispose(): void;
}

export interface DeltaCoalescerOptions {
  /** Receives each delta: only the text since the previous call, never the whole text so far. */
  emit: (delta: string) => void;
  /** At most one emit per this many ms after the first; ~one frame, so text still looks live. */
  intervalMs?: number;
}

export const DEFAULT_COALESCE_MS = 16;

/**
 * A leading-edge throttle over text. A chunk that arrives when no window is open goes out at once (so the
 * first token costs no delay, and neither does the first after a pause) and opens a window; chunks inside
 * the window are concatenated and go out together when it closes. Ordering is trivial: one pending string,
 * appended to in arrival order, emitted whole.
 */
export function createDeltaCoalescer({
  emit,
  intervalMs = DEFAULT_COALESCE_MS,
}: DeltaCoalescerOptions): DeltaCoalescer {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;

  const onWindowEnd = () => {
    timer = null;
    if (pending === '') return;
    const delta = pending;
    pending = '';
    emit(delta);
    timer = setTimeout(onWindowEnd, intervalMs);
  };

  return {
    push(chunk) {
      if (chunk === '') return;
      if (timer) {
        pending += chunk;
        return;
      }
      emit(chunk);
      timer = setTimeout(onWindowEnd, intervalMs);
    },
    flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      if (pending === '') return;
      const delta = pending;
      pending = '';
      emit(delta);
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = '';
    },
  };
}
