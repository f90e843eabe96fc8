import { matchesPrompt, type PromptEntry } from '@parley/shared';

/**
 * What opens the picker as the first character of the message box, see
 * docs/reference/prompt-library.md (The slash picker): `/`, the full-width `／`, and `、`, which Chinese input
 * methods type for the slash key.
 */
export const SLASH_KEYS = ['/', '／', '、'] as const;

/** The picker list's element id, and its rows' (the message box names the highlighted one). */
export const SLASH_PICKER_ID = 'prompt-slash-picker';
export const pickerOptionId = (index: number) => `${SLASH_PICKER_ID}-${index}`;

/** Entries the picker lists at most; the dialog has the rest. */
export const PICKER_LIMIT = 8;

/** The search the picker filters by, or null when the draft does not open it (no slash first, or several lines). */
export function slashQuery(draft: string): string | null {
  const first = draft[0];
  if (first === undefined || !(SLASH_KEYS as readonly string[]).includes(first)) return null;
  const rest = draft.slice(1);
  return rest.includes('\n') ? null : rest;
}

/** The entries the picker shows for a query: the matches, in the library's order, up to PICKER_LIMIT. */
export function pickerEntries(entries: readonly PromptEntry[], query: string): PromptEntry[] {
  return entries.filter((e) => matchesPrompt(e, query)).slice(0, PICKER_LIMIT);
}

/** The highlighted row after an arrow key: wraps at both ends; -1 (nothing) when the list is empty. */
export function movePick(index: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (index < 0 || index >= count) return delta === 1 ? 0 : count - 1;
  return (index + delta + count) % count;
}

export type PickerKey = 'next' | 'previous' | 'choose' | 'close' | null;

/** What a key does while the picker is open; null: the key goes to the message box as usual. */
export function pickerKey(key: string, shiftKey: boolean): PickerKey {
  if (key === 'ArrowDown') return 'next';
  if (key === 'ArrowUp') return 'previous';
  if ((key === 'Enter' && !shiftKey) || key === 'Tab') return 'choose';
  if (key === 'Escape') return 'close';
  return null;
}
