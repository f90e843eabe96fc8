import { TextDecoder } from 'node:util';
import { ExtractError } from './extracted-document';

const decoderFor = (label: string): TextDecoder | undefined => {
  try {
    return new TextDecoder(label, { fatal: true });
  } catch {
    return undefined; // a label Node does not know
  }
};

const tryDecode = (decoder: TextDecoder | undefined, bytes: Uint8Array): string | undefined => {
  if (!decoder) return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
};

/** The encoding a byte-order mark names, if the bytes start with one. */
function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/**
 * The text of a file's bytes. A byte-order mark decides; then UTF-8 if the bytes are valid UTF-8 (what almost
 * every tool writes); then the encoding the file or its type declares; then GB18030 (a superset of GBK and
 * GB2312, what Chinese Windows writes by default: a CSV saved by Excel there); then Windows-1252. Bytes with a
 * NUL and no UTF-16 mark are binary data, not text.
 */
export function decodeText(bytes: Uint8Array, declared?: string): string {
  const bom = bomEncoding(bytes);
  if (bom) {
    const text = tryDecode(decoderFor(bom), bytes);
    if (text === undefined) throw new ExtractError('damaged', `the text is not valid ${bom.toUpperCase()}`);
    return text;
  }
  if (bytes.includes(0)) throw new ExtractError('damaged', 'the file holds binary data, not text');
  const text =
    tryDecode(decoderFor('utf-8'), bytes) ??
    (declared ? tryDecode(decoderFor(declared), bytes) : undefined) ??
    tryDecode(decoderFor('gb18030'), bytes) ??
    tryDecode(decoderFor('windows-1252'), bytes);
  if (text === undefined) throw new ExtractError('damaged', 'the file is not text in any known encoding');
  return text;
}

/** Line ends as `\n`, so every reader downstream sees one kind. */
export const normalizeNewlines = (text: string): string => text.replace(/\r\n?/g, '\n');
