import type { ExtractedSection } from './extracted-document';

/** What a reader is given besides the bytes. */
export interface ReadContext {
  /** The file's media type as uploaded, parameters included (`text/csv; charset=gbk`). */
  type: string;
  filename: string;
  /** The most characters the document may hold; a reader that passes it stops with `too_large`. */
  maxTextChars: number;
}

/** A format's reader: the sections of the file, or an `ExtractError`. Sections may be blank; the caller drops them. */
export type Reader = (bytes: Uint8Array, context: ReadContext) => Promise<ExtractedSection[]>;
