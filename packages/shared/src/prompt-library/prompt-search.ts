import type { PromptEntry } from './prompt-library.schema';

/** Case- and width-folded text (full-width Ｌｅｔｔｅｒｓ match letters), so a search finds what it looks like. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase();
}

/**
 * Whether an entry matches a search (docs/reference/prompt-library.md (Listing and searching)): every word of the
 * query, case-insensitive, appears in the title, the prompt prefix or a tag. Chinese has no spaces, so a run of
 * Chinese characters is one word and matches as a substring. An empty query matches everything.
 */
export function matchesPrompt(entry: PromptEntry, query: string): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = foldForSearch([entry.title, entry.promptPrefix, ...entry.tags].join('\n'));
  return words.every((word) => text.includes(word));
}
