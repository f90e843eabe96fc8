/**
 * The conversation list's keyboard (docs/reference/settings-and-ui.md (Keyboard in the conversation list)): one tab
 * stop for the whole list, arrows inside it. Pure decisions; the list applies them to the DOM.
 */

/**
 * The conversation whose link is the list's one tab stop: the one last focused while it is still listed, else the
 * open one, else the first; undefined for an empty list.
 */
export function listTabStop(
  ids: readonly string[],
  lastFocused: string | null | undefined,
  activeId: string | null | undefined,
): string | undefined {
  if (lastFocused && ids.includes(lastFocused)) return lastFocused;
  if (activeId && ids.includes(activeId)) return activeId;
  return ids[0];
}

/**
 * The conversation a key moves to from `from` (the row holding the focus): ArrowDown and ArrowUp the next and the
 * previous (staying put at either end), Home the first, End the last loaded. Null for any other key, or a key with a
 * modifier, which the list leaves alone.
 */
export function listKeyTarget(
  ids: readonly string[],
  from: string,
  key: { key: string; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean },
): string | null {
  if (key.altKey || key.ctrlKey || key.metaKey || key.shiftKey || ids.length === 0) return null;
  const at = ids.indexOf(from);
  switch (key.key) {
    case 'ArrowDown':
      return ids[at < 0 ? 0 : Math.min(at + 1, ids.length - 1)]!;
    case 'ArrowUp':
      return ids[at < 0 ? 0 : Math.max(at - 1, 0)]!;
    case 'Home':
      return ids[0]!;
    case 'End':
      return ids[ids.length - 1]!;
    default:
      return null;
  }
}

/**
 * Within one row (the link, then its Rename and Delete buttons): the index ArrowRight or ArrowLeft moves the focus to,
 * staying put at either end; null for other keys.
 */
export function rowKeyTarget(count: number, at: number, key: string): number | null {
  if (key === 'ArrowRight') return Math.min(at + 1, count - 1);
  if (key === 'ArrowLeft') return Math.max(at - 1, 0);
  return null;
}
