/** Scroll timings of the chat screen (docs/reference/limits.md (Timings)). */
export const SMOOTH_SCROLL_THROTTLE_MS = 750;
export const INSTANT_SCROLL_THROTTLE_MS = 250;
/**
 * The scroll-position check runs at most this often while scrolling (100 ms, 650 ms when idle:
 * docs/reference/limits.md (Timings)).
 */
export const SCROLL_CHECK_MS = 100;
/** The scroll-to-bottom button shows once the reader is this share of the view height above the bottom. */
export const SCROLL_BUTTON_VIEW_SHARE = 0.15;

/** The three numbers of a scroll container that decide where its reader is. */
export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** How far (px) the bottom of the content is below the bottom of the view; never negative. */
export function distanceFromBottom({ scrollTop, scrollHeight, clientHeight }: ScrollMetrics): number {
  return Math.max(scrollHeight - scrollTop - clientHeight, 0);
}

/**
 * Whether the scroll-to-bottom button shows: the content is taller than the view and the distance from the
 * bottom is at least 15% of the view height (docs/reference/settings-and-ui.md (The chat screen)).
 */
export function shouldShowScrollButton(metrics: ScrollMetrics): boolean {
  if (metrics.clientHeight <= 0 || metrics.scrollHeight <= metrics.clientHeight) return false;
  return distanceFromBottom(metrics) >= SCROLL_BUTTON_VIEW_SHARE * metrics.clientHeight;
}
