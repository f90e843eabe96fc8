import { INFINITE_SCROLL_THRESHOLD } from '@parley/shared';

/** The sizes of a scroll container that decide whether to load more. */
export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/**
 * True once the bottom of the view has passed `threshold` of the content (97 %,
 * docs/reference/conversations.md (The sidebar list)), or when the content does not even fill the view, so a short
 * first page on a tall screen still loads the next one.
 */
export function shouldLoadMore(m: ScrollMetrics, threshold = INFINITE_SCROLL_THRESHOLD): boolean {
  if (m.scrollHeight <= m.clientHeight) return true;
  return m.scrollTop + m.clientHeight >= m.scrollHeight * threshold;
}

/**
 * Runs `fn` at most once per `ms`: the first call runs at once, later calls within the window collapse into
 * one trailing run at its end (so the last scroll position is always checked). `cancel` drops a pending run.
 */
export function throttle(fn: () => void, ms: number): { run: () => void; cancel: () => void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    last = Date.now();
    fn();
  };
  return {
    run: () => {
      const wait = last + ms - Date.now();
      if (wait <= 0 && !timer) fire();
      else timer ??= setTimeout(fire, Math.max(wait, 0));
    },
    cancel: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
