import type { SearchMessage, SearchPage } from '@parley/shared';

/** One conversation of the results page with its matching messages (none when only its title matched). */
export interface SearchGroup {
  conversationId: string;
  title: string;
  endpoint: string | null;
  /** An archived chat: still found, marked as such (docs/reference/conversations.md (Archive)). */
  archived: boolean;
  messages: SearchMessage[];
}

/**
 * Groups the loaded pages by conversation, in the order the server ranked their first hit (newest first).
 * A conversation or message repeated on a later page (the list shifted while paging) is kept once.
 */
export function groupSearchResults(pages: readonly SearchPage[]): SearchGroup[] {
  const groups = new Map<string, SearchGroup>();
  const seenMessages = new Set<string>();
  const groupOf = (conversationId: string, title: string, endpoint: string | null) => {
    let group = groups.get(conversationId);
    if (!group) {
      group = { conversationId, title, endpoint, archived: false, messages: [] };
      groups.set(conversationId, group);
    }
    return group;
  };
  for (const page of pages) {
    for (const c of page.conversations) {
      const group = groupOf(c.conversationId, c.title, c.endpoint);
      if (c.isArchived) group.archived = true;
    }
    for (const m of page.messages) {
      if (seenMessages.has(m.messageId)) continue;
      seenMessages.add(m.messageId);
      groupOf(m.conversationId, m.title, m.endpoint ?? null).messages.push(m);
    }
  }
  return [...groups.values()];
}

/** A piece of text, marked when it matches the query. */
export interface Segment {
  text: string;
  match: boolean;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The terms to highlight: the query's words; a CJK word the text lacks as a whole is highlighted by its
 * character pairs, which is how the server matched it (see the server's search-tokens.ts).
 */
function highlightTerms(text: string, query: string): string[] {
  const lower = text.toLowerCase();
  const terms: string[] = [];
  for (const word of query.toLowerCase().split(/\s+/).filter(Boolean)) {
    const chars = [...word];
    if (lower.includes(word) || chars.length < 3 || !CJK.test(word)) terms.push(word);
    else for (let i = 0; i + 1 < chars.length; i += 1) terms.push(chars[i]! + chars[i + 1]!);
  }
  return [...new Set(terms)].sort((a, b) => b.length - a.length);
}

/** Splits text into matching and plain segments, case-insensitively. */
export function highlightSegments(text: string, query: string): Segment[] {
  const terms = highlightTerms(text, query);
  if (!terms.length || !text) return text ? [{ text, match: false }] : [];
  const pattern = new RegExp(`(${terms.map(escape).join('|')})`, 'giu');
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: terms.includes(part.toLowerCase()) }));
}

/**
 * A passage of at most about `max` characters around the first match, with ellipses where it was cut, so a
 * hit deep in a long message is visible in the list. Whitespace runs are collapsed.
 */
export function snippet(text: string, query: string, max = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  let at = 0;
  for (const segment of highlightSegments(flat, query)) {
    if (segment.match) break;
    at += segment.text.length;
  }
  if (at >= flat.length) at = 0;
  const start = Math.max(0, Math.min(at - Math.floor(max / 4), flat.length - max));
  const end = Math.min(flat.length, start + max);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}
