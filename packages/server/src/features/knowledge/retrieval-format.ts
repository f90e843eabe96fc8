import type { Citation, KnowledgeFileState } from '@parley/shared';
import type { KnowledgePassage } from './knowledge-search.service';

/** A passage is cut past this (a passage is ~1,600 units already; this guards a search function that returns more). */
export const MAX_PASSAGE_CHARS = 2_400;
/** What the model reads of one retrieval at most: whole passages only, the best first. */
export const MAX_RETRIEVAL_OUTPUT_CHARS = 12_000;

export interface FileNotice {
  filename: string;
  state: KnowledgeFileState | undefined;
}

/** One line of a name or place: a file name or a page label never breaks the numbered layout. */
const oneLine = (text: string): string =>
  text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** Files named in a notice at most; the rest are counted. */
const MAX_NAMED_FILES = 20;

function listed(items: readonly string[], separator: string): string {
  const named = items.slice(0, MAX_NAMED_FILES).join(separator);
  return items.length > MAX_NAMED_FILES
    ? `${named}${separator}and ${items.length - MAX_NAMED_FILES} more`
    : named;
}

/** What the model is told of files it could not search: still being indexed, or failed (with why). */
function notices(files: readonly FileNotice[]): string[] {
  const indexing = files
    .filter((f) => !f.state || f.state.status === 'indexing')
    .map((f) => clip(oneLine(f.filename), 120));
  const failed = files
    .filter((f) => f.state?.status === 'error')
    .map((f) => `${clip(oneLine(f.filename), 120)} (${oneLine(f.state!.error || 'could not be indexed')})`);
  const lines: string[] = [];
  if (indexing.length > 0) lines.push(`Still being indexed, so not searched yet: ${listed(indexing, ', ')}.`);
  if (failed.length > 0) lines.push(`Could not be indexed: ${listed(failed, '; ')}.`);
  return lines;
}

/**
 * The retrieval step's answer: numbered passages, each headed by its file name and place, which the model cites by
 * number; then what it could not search. The citations are the same passages, in the same order, for the reply.
 */
export function formatRetrieval(
  query: string,
  passages: ReadonlyArray<KnowledgePassage & { filename: string }>,
  unsearched: readonly FileNotice[],
): { output: string; citations: Citation[] } {
  const tail = notices(unsearched);
  const quoted = JSON.stringify(clip(oneLine(query), 200));
  const citations: Citation[] = [];
  let output =
    passages.length === 0
      ? `No passage of the knowledge files matches ${quoted}.`
      : `Passages of the knowledge files for ${quoted}. Cite a passage you use by its number, as [1], and its file name.`;
  const room = MAX_RETRIEVAL_OUTPUT_CHARS - tail.join('\n').length - 2;
  for (const passage of passages) {
    const filename = oneLine(passage.filename);
    const where = passage.where === undefined ? undefined : oneLine(passage.where);
    const text = clip(passage.text.trim(), MAX_PASSAGE_CHARS);
    const entry = `[${citations.length + 1}] ${filename}${where ? `, ${where}` : ''}\n${text}`;
    if (output.length + entry.length + 2 > room) break;
    output += `\n\n${entry}`;
    citations.push({ fileId: passage.fileId, filename, ...(where ? { where } : {}), text });
  }
  if (tail.length > 0) output += `\n\n${tail.join('\n')}`;
  return { output, citations };
}
