import { createRequire } from 'node:module';
import type * as GptTokenizer from 'gpt-tokenizer';

// o200k_base, the encoding of current OpenAI models (gpt-tokenizer's default). Counts are used for context budgets
// and the tokenizer call, where a few percent against other encodings does not matter.

// The encoding's tables take about 55 MB once loaded, so they load with the first count (a send, the
// tokenizer call), not at start: a synchronous require of the package's CommonJS build keeps this API sync.
const load = createRequire(import.meta.url);
let countO200k: ((text: string) => number) | undefined;
const encoder = () => (countO200k ??= (load('gpt-tokenizer') as typeof GptTokenizer).countTokens);

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
