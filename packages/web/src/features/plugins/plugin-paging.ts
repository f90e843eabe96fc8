import type { PluginListEntry } from '@parley/shared';

// The store's grid is always two rows; how many cards a row holds follows the window's width
// (docs/reference/tools.md (The plugin store)).
const ROWS = 2;

/** Below this width the grid is a phone's: eight cards a page, in as many columns as fit. */
const PHONE_WIDTH = 501;

/** Cards per row from the width: 2 below 640 px, 3 below 1024 px, else 4. */
export function pluginColumns(width: number): number {
  if (width < 640) return 2;
  if (width < 1024) return 3;
  return 4;
}

/** Cards per page: 8 on a phone (narrower than 501 px), else two rows of `pluginColumns`. */
export function pluginsPerPage(width: number): number {
  return width < PHONE_WIDTH ? 8 : ROWS * pluginColumns(width);
}

/** Whether the width is a phone's, where the grid lays its 8 cards out by what fits rather than by the rule. */
export function isPhoneWidth(width: number): boolean {
  return width < PHONE_WIDTH;
}

/** ceil(count / perPage): no pages when there is nothing to show. */
export function pageCount(count: number, perPage: number): number {
  return Math.ceil(count / Math.max(1, perPage));
}

/** A page number kept inside 1..pages, so a narrower window or a shorter list never shows an empty page. */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, page), Math.max(1, pages));
}

/** The items of page `page` (1-based). */
export function pageItems<T>(items: readonly T[], page: number, perPage: number): T[] {
  const start = (page - 1) * perPage;
  return items.slice(start, start + perPage);
}

/** The plugins whose name or description holds the query, ignoring case and surrounding spaces. */
export function filterPlugins(plugins: readonly PluginListEntry[], query: string): PluginListEntry[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...plugins];
  return plugins.filter(
    (p) => p.name.toLowerCase().includes(needle) || p.description.toLowerCase().includes(needle),
  );
}
