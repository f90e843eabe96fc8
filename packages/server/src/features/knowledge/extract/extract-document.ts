import { ExtractError, type ExtractedDocument } from './extracted-document';
import { formatOf, unsupportedReason, type FileFormat } from './file-format';
import type { Reader, ReadContext } from './reader';

/** Each format's reader, loaded when a file of that format first comes (pdf.js alone is megabytes). */
const READERS: Record<FileFormat, () => Promise<Reader>> = {
  pdf: async () => (await import('./pdf.reader')).readPdf,
  docx: async () => (await import('./docx.reader')).readDocx,
  xlsx: async () => (await import('./xlsx.reader')).readXlsx,
  pptx: async () => (await import('./pptx.reader')).readPptx,
  html: async () => (await import('./html.reader')).readHtml,
  xml: async () => (await import('./xml.reader')).readXml,
  json: async () => (await import('./text.reader')).readJson,
  text: async () => (await import('./text.reader')).readText,
};

/** Formats whose text is the bytes decoded: a file of more than 4 bytes a character is over the limit unread. */
const TEXT_FORMATS = new Set<FileFormat>(['text', 'json', 'html', 'xml']);

/**
 * The text of one file, in the worker. Blank sections are dropped; a document with no text left is `empty`, one
 * with more than `maxTextChars` characters `too_large`. Runs on the worker's thread: it may block it.
 */
export async function extractDocument(
  request: { bytes: Uint8Array } & ReadContext,
): Promise<ExtractedDocument> {
  const { bytes, ...context } = request;
  const format = formatOf(context.type, context.filename);
  if (!format) throw new ExtractError('unsupported', unsupportedReason(context.type, context.filename));
  if (bytes.length === 0) throw new ExtractError('empty', 'the file is empty');
  if (TEXT_FORMATS.has(format) && bytes.length > 4 * context.maxTextChars)
    throw tooLarge(context.maxTextChars);
  const read = await READERS[format]();
  const sections = (await read(bytes, context))
    // Blank lines around the text go, a first line's indent (code) stays.
    .map((s) => ({
      ...s,
      text: s.text
        .replace(/\r\n?/g, '\n')
        .replace(/^\s*\n/, '')
        .trimEnd(),
    }))
    .filter((s) => s.text.length > 0);
  if (sections.length === 0) {
    const why = format === 'pdf' ? ' (a scanned PDF is pictures of text: Parley does not read those)' : '';
    throw new ExtractError('empty', `the file has no text${why}`);
  }
  const chars = sections.reduce((sum, s) => sum + s.text.length, 0);
  if (chars > context.maxTextChars) throw tooLarge(context.maxTextChars);
  return { sections };
}

const tooLarge = (max: number) =>
  new ExtractError('too_large', `the file has more than ${max.toLocaleString('en-US')} characters of text`);
