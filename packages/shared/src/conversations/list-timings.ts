/** Search box debounce: 450 ms, 350 ms in the sidebar variant (spec 1 §9 Timings). */
export const SIDEBAR_SEARCH_DEBOUNCE_MS = 350;

/** Infinite lists load their next page when scrolled past this share of their height (spec 1 §9). */
export const INFINITE_SCROLL_THRESHOLD = 0.97;
/** At most one next-page check per this many milliseconds while scrolling (spec 1 §9). */
export const INFINITE_SCROLL_THROTTLE_MS = 750;
