import { documentTerms, ownerTerm, queryTerms } from '../search/search-tokens';

// The terms of the knowledge index: the conversation search's own tokenizer (words, and CJK runs as characters plus
// overlapping pairs), so both indexes agree on what a query matches.

/** The term a file's passages carry beside their words, so the index narrows to the files a search may read. */
export const fileScopeTerm = (fileId: string): string => `f${fileId.toLowerCase().replace(/[^a-z0-9]/g, '')}`;

/** The term all of a user's passages carry (as conversation search's documents do), for a search of many files. */
export const userScopeTerm = (userId: string): string => ownerTerm(userId);

/** A passage's scope terms: its owner's and its file's. */
export const scopeTerms = (file: { fileId: string; userId: string }): string[] => [
  userScopeTerm(file.userId),
  fileScopeTerm(file.fileId),
];

/** The distinct terms a passage is indexed under. */
export const passageTerms = (text: string): string[] => documentTerms(text);

/** A query's terms, any of which may match (ranked by how rare they are): a long query keeps its first 32. */
export const MAX_QUERY_TERMS = 32;

export function retrievalTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const { token } of queryTerms(query)) {
    if (terms.size >= MAX_QUERY_TERMS) break;
    terms.add(token);
  }
  return [...terms];
}
