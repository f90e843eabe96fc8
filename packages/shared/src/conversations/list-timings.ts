/** The sidebar search box debounce: 350 ms (docs/reference/limits.md (Timings)). */
export const SIDEBAR_SEARCH_DEBOUNCE_MS = 350;

/**
 * Infinite lists load their next page when scrolled past this share of their height
 * (docs/reference/conversations.md (The sidebar list)).
 */
export const INFINITE_SCROLL_THRESHOLD = 0.97;
/**
 * At most one next-page check per this many milliseconds while scrolling
 * (docs/reference/conversations.md (The sidebar list)).
 */
export const INFINITE_SCROLL_THROTTLE_MS = 750;
