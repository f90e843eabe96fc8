import type { ExtractedSection } from './extractor-port';

/** One passage to index: a piece of a section (or several short sections), with where it is in the file. */
export interface TextChunk {
  text: string;
  where?: string;
}

export interface ChunkOptions {
  /** A passage's size at most, where a CJK character counts two (it costs a model about two English letters). */
  maxSize?: number;
  /** How much of a passage's end the next passage of the same section repeats, same units. */
  overlap?: number;
}

/** About 400 English tokens or 800 Chinese characters: eight passages fit a small model's context with room to spare. */
export const CHUNK_DEFAULTS = { maxSize: 1_600, overlap: 160 } as const;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const isCjk = (c: string): boolean => CJK.test(c);
const width = (c: string): number => (isCjk(c) ? 2 : 1);

/** Text as passages: blank runs squeezed, paragraphs kept, no empty sections. */
function clean(text: string): string {
  return (
    text
      // NUL cannot be stored in PostgreSQL text; other control characters are blanks to a reader.
      .replace(/[^\P{Cc}\t\n\r]/gu, ' ')
      .replace(/\r\n?/g, '\n')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** Break kinds, best first: a paragraph, a line, a sentence's end, a space, a clause mark. */
const BREAKS: ReadonlyArray<(chars: string[], i: number) => boolean> = [
  (s, i) => s[i - 1] === '\n' && s[i - 2] === '\n',
  (s, i) => s[i - 1] === '\n',
  (s, i) => /[。！？]/.test(s[i - 1]!) || (/[.!?;]/.test(s[i - 2]!) && s[i - 1] === ' '),
  (s, i) => s[i - 1] === ' ',
  (s, i) => /[，、；：,]/.test(s[i - 1]!),
];

/**
 * Where to end a passage that starts at `start` and may reach `limit` (exclusive; code point indexes): the best break
 * in its second half, else `limit` itself. Ending between two CJK characters splits the pair they form, which the
 * next passage's overlap indexes again.
 */
function breakAt(chars: string[], start: number, limit: number): number {
  const floor = start + Math.ceil((limit - start) / 2);
  for (const isBreak of BREAKS) {
    for (let i = limit; i > floor; i -= 1) if (isBreak(chars, i)) return i;
  }
  return limit;
}

const WORD = /[\p{L}\p{N}\p{M}]/u;
/** A CJK character starts a word of its own; other text starts one after a non-letter or a CJK character. */
const atWordStart = (chars: string[], i: number): boolean =>
  isCjk(chars[i]!) || isCjk(chars[i - 1]!) || !WORD.test(chars[i - 1]!);

/** Where the next passage starts: `overlap` back from `end`, moved to the start of a word (not needed in CJK). */
function overlapStart(chars: string[], start: number, end: number, overlap: number): number {
  let i = end;
  for (let size = 0; i > start + 1 && size + width(chars[i - 1]!) <= overlap; i -= 1)
    size += width(chars[i - 1]!);
  while (i < end && !atWordStart(chars, i)) i += 1;
  return i === end || i <= start ? end : i;
}

/** A section's text cut into passages of at most maxSize, each overlapping the one before. */
function split(text: string, maxSize: number, overlap: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  let start = 0;
  while (start < chars.length) {
    let limit = start;
    for (let size = 0; limit < chars.length && size + width(chars[limit]!) <= maxSize; limit += 1)
      size += width(chars[limit]!);
    const end = limit >= chars.length ? chars.length : breakAt(chars, start, Math.max(limit, start + 1));
    const piece = chars.slice(start, end).join('').trim();
    if (piece) out.push(piece);
    if (end >= chars.length) break;
    start = overlapStart(chars, start, end, overlap);
  }
  return out;
}

const sizeOf = (text: string): number => {
  let n = 0;
  for (const c of text) n += width(c);
  return n;
};

function place(first: string | undefined, last: string | undefined): string | undefined {
  if (first === undefined || last === undefined || first === last) return first ?? last;
  return `${first} – ${last}`;
}

/**
 * A document's sections as passages for the index: long sections cut at the best break with an overlap, short ones
 * joined (up to maxSize) so a file of many short pages does not become many tiny passages. A joined passage's `where`
 * spans its first and last section ("page 3 – page 4").
 */
export function chunkSections(
  sections: readonly ExtractedSection[],
  options: ChunkOptions = {},
): TextChunk[] {
  const steps = chunkSteps(sections, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same passages, cut on the main thread in slices: it lets other requests run between sections, so a 300-page
 * file does not hold the server for the tens of milliseconds its cutting takes (docs/performance.md).
 */
export async function chunkSectionsInSlices(
  sections: readonly ExtractedSection[],
  options: ChunkOptions = {},
): Promise<TextChunk[]> {
  const steps = chunkSteps(sections, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await yieldToEventLoop();
  }
}

/** Resolves after the I/O waiting now has been served (a macrotask, not a microtask). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The cutting itself, pausing after every SECTIONS_PER_SLICE sections; its return value is the passages. */
function* chunkSteps(
  sections: readonly ExtractedSection[],
  options: ChunkOptions,
): Generator<void, TextChunk[], void> {
  const maxSize = Math.max(options.maxSize ?? CHUNK_DEFAULTS.maxSize, 20);
  const overlap = Math.min(options.overlap ?? CHUNK_DEFAULTS.overlap, Math.floor(maxSize / 2));
  const out: TextChunk[] = [];
  let pending: { parts: string[]; size: number; first?: string; last?: string } | undefined;
  const flush = () => {
    if (pending) out.push(withWhere(pending.parts.join('\n\n'), place(pending.first, pending.last)));
    pending = undefined;
  };
  for (const [n, section] of sections.entries()) {
    if (n > 0 && n % SECTIONS_PER_SLICE === 0) yield;
    const text = clean(section.text ?? '');
    if (!text) continue;
    const pieces = split(text, maxSize, overlap);
    for (const [i, piece] of pieces.entries()) {
      const size = sizeOf(piece);
      const last = i === pieces.length - 1;
      if (pending && pending.size + 2 + size <= maxSize) {
        pending.parts.push(piece);
        pending.size += 2 + size;
        pending.last = section.where;
        continue;
      }
      flush();
      if (!last) out.push(withWhere(piece, section.where));
      else pending = { parts: [piece], size, first: section.where, last: section.where };
    }
  }
  flush();
  return out;
}

/** Sections cut between two pauses: a page of text takes well under a millisecond. */
const SECTIONS_PER_SLICE = 4;

/** A place is a short label ("page 3"); a longer one is cut (it is stored beside the passage, not in it). */
export const MAX_WHERE_CHARS = 200;

function withWhere(text: string, where: string | undefined): TextChunk {
  const label =
    where === undefined ? '' : [...clean(where).replace(/\s+/g, ' ')].slice(0, MAX_WHERE_CHARS).join('');
  return label ? { text, where: label } : { text };
}
