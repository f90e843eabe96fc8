import { ExtractError } from './extracted-document';
import { charsetOf } from './file-format';
import type { Reader } from './reader';
import { decodeText, normalizeNewlines } from './text-decode';

/** Plain text, Markdown, CSV and source code: the file's text as it is, one section. */
export const readText: Reader = async (bytes, { type }) => [
  { text: normalizeNewlines(decodeText(bytes, charsetOf(type))) },
];

/**
 * JSON: checked to be JSON, then kept as written (keys are what a reader searches by), with `\uXXXX` escapes
 * turned back into their characters: Python's json module writes Chinese as escapes by default, and an index of
 * `\u4e2d\u6587` would never match 中文.
 */
export const readJson: Reader = async (bytes, { type }) => {
  const text = normalizeNewlines(decodeText(bytes, charsetOf(type)));
  try {
    JSON.parse(text);
  } catch (error) {
    throw new ExtractError('damaged', `the file is not valid JSON (${(error as Error).message})`);
  }
  return [{ text: unescapeUnicode(text) }];
};

// An escape is a backslash that is not itself escaped: an odd run of backslashes before the `u`.
const UNICODE_ESCAPE = /(?<!\\)((?:\\\\)*)\\u([0-9a-fA-F]{4})/g;

function unescapeUnicode(text: string): string {
  return text.replace(UNICODE_ESCAPE, (whole, backslashes: string, hex: string) => {
    const code = parseInt(hex, 16);
    // Control characters stay escaped: as raw characters they would only break lines in odd places.
    return code < 0x20 ? whole : backslashes + String.fromCharCode(code);
  });
}
