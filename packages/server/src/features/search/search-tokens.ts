// The one tokenizer behind search, used for documents and queries alike, so both dialects index the same terms.
// Words are runs of letters and digits, lower-cased. A run of CJK characters has no spaces to split on, so it is
// indexed as its single characters plus every overlapping pair: a two-character query then matches the pair it
// is, and a longer one the AND of its pairs.

const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
const RUNS = new RegExp(String.raw`([${CJK}]+)|((?:(?![${CJK}])[\p{L}\p{N}\p{M}])+)`, 'gu');

/** Longer words are skipped (hashes, base64): nobody searches for them, and PostgreSQL caps a lexeme's size. */
const MAX_WORD = 64;
/** A document indexes at most this many distinct terms (a tsvector is capped at 1 MB). */
const MAX_TERMS = 20_000;

/** A query term; `prefix` matches every indexed term that starts with it. */
export interface QueryTerm {
  token: string;
  prefix: boolean;
}

function* runs(text: string): Generator<{ cjk: boolean; run: string }> {
  for (const m of text.normalize('NFKC').toLowerCase().matchAll(RUNS)) {
    if (m[1]) yield { cjk: true, run: m[1] };
    else if (m[2]) yield { cjk: false, run: m[2] };
  }
}

/** The distinct terms a document is indexed under. */
export function documentTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const { cjk, run } of runs(text)) {
    if (terms.size >= MAX_TERMS) break;
    if (!cjk) {
      if (run.length <= MAX_WORD) terms.add(run);
      continue;
    }
    const chars = [...run];
    chars.forEach((c, i) => {
      terms.add(c);
      if (i + 1 < chars.length) terms.add(c + chars[i + 1]);
    });
  }
  return [...terms].slice(0, MAX_TERMS);
}

/** The terms a query must all match; the last word is a prefix, as a user typing it expects. */
export function queryTerms(query: string): QueryTerm[] {
  const out: QueryTerm[] = [];
  for (const { cjk, run } of runs(query)) {
    if (!cjk) {
      out.push({ token: run.slice(0, MAX_WORD), prefix: false });
      continue;
    }
    const chars = [...run];
    if (chars.length === 1) out.push({ token: run, prefix: false });
    for (let i = 0; i + 1 < chars.length; i += 1)
      out.push({ token: chars[i]! + chars[i + 1]!, prefix: false });
  }
  const last = out.at(-1);
  if (last && !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(last.token)) {
    last.prefix = true;
  }
  const seen = new Set<string>();
  return out.filter((t) => !seen.has(t.token + t.prefix) && seen.add(t.token + t.prefix));
}

/** The owner term of a user's documents: it never collides with a word (documents index the owner separately). */
export function ownerTerm(userId: string): string {
  return `u${userId.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}
