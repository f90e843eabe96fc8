import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// o200k_base, the encoding of current OpenAI models (gpt-tokenizer's default). Counts are used for context budgets
// and the tokenizer call, where a few percent against other encodings does not matter.

// The encoding loads with the first count (a send, the tokenizer call), not at start, synchronously so this API
// stays sync. Its ranks come from the package's own `.tiktoken` file, not from its `bpeRanks` module: that module is
// a 2.4 MB array literal whose parsing left about 16 MB more RSS behind than reading the file does (the live tables are
// the same 15 MB either way; docs/performance.md, rss-after-use).
const load = createRequire(import.meta.url);
export const RANKS_FILE = 'gpt-tokenizer/data/o200k_base.tiktoken';
/**
 * gpt-tokenizer caches the tokens of each word piece it had to merge, up to 100,000 pieces by default: tens of MB
 * after enough distinct text. A few thousand keep the common pieces; a miss costs one merge of a short piece.
 */
export const MERGE_CACHE_SIZE = 5_000;

interface EncodingApi {
  countTokens(text: string): number;
  setMergeCacheSize(size: number): void;
}
interface GptEncodingModule {
  GptEncoding: { getEncodingApi(name: string, ranks: () => (string | number[])[]): EncodingApi };
}

let countO200k: ((text: string) => number) | undefined;
const encoder = () => (countO200k ??= loadEncoder());

function loadEncoder(): (text: string) => number {
  const { GptEncoding } = load('gpt-tokenizer/cjs/GptEncoding') as GptEncodingModule;
  const ranks = readRanks(readFileSync(load.resolve(RANKS_FILE), 'latin1'));
  const api = GptEncoding.getEncodingApi('o200k_base', () => ranks);
  api.setMergeCacheSize(MERGE_CACHE_SIZE);
  return api.countTokens;
}

/**
 * A `.tiktoken` file (one `base64 rank` line per token) as gpt-tokenizer's rank table: index = rank, the token's
 * text when its bytes decode as UTF-8 and back to the same bytes, else the bytes (as the package's own table has
 * them: a token that starts with a byte-order mark is kept as bytes, the decoder drops the mark).
 */
export function readRanks(file: string): (string | number[])[] {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const ranks: (string | number[])[] = [];
  for (let start = 0; start < file.length;) {
    let end = file.indexOf('\n', start);
    if (end < 0) end = file.length;
    const space = file.indexOf(' ', start);
    if (space > start && space < end) {
      const bytes = Buffer.from(file.slice(start, space), 'base64');
      let text: string | undefined;
      try {
        text = utf8.decode(bytes);
      } catch {
        text = undefined;
      }
      const exact = text !== undefined && Buffer.byteLength(text) === bytes.length;
      ranks[Number(file.slice(space + 1, end))] = exact ? text! : [...bytes];
    }
    start = end + 1;
  }
  return ranks;
}

/** BPE cost grows with the square of a piece's length, so long text is counted in slices of about this size, */
const SLICE = 2_000;
/** and a run with no whitespace in it (a base64 blob, a long unbroken line) in much shorter ones. */
const HARD_CUT = 64;

/**
 * The number of tokens of `text`. Text longer than a slice is counted slice by slice, each cut before a space
 * when there is one near the end, so a 1 MB text (even one long run without spaces) takes linear time; a cut inside a
 * word may count a token more than the exact answer.
 */
export function countTokens(text: string): number {
  if (text.length <= SLICE) return encoder()(text);
  let total = 0;
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + SLICE, text.length);
    if (end < text.length) {
      const space = lastSpace(text, start + SLICE / 2, end);
      if (space > 0) end = space;
      else {
        end = start + HARD_CUT;
        if (isLowSurrogate(text.charCodeAt(end))) end -= 1;
      }
    }
    total += encoder()(text.slice(start, end));
    start = end;
  }
  return total;
}

/** The last ' ' in [from, to), or -1: the pre-tokenizer starts a word piece at its space, so a cut there is exact. */
function lastSpace(text: string, from: number, to: number): number {
  for (let i = to - 1; i >= from; i -= 1) if (text.charCodeAt(i) === 32) return i;
  return -1;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
