import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ExtractError, type ExtractedSection } from './extracted-document';
import type { Reader } from './reader';

const PDF_HEADER = Buffer.from('%PDF-');
const END_OF_FILE = Buffer.from('%%EOF');

/**
 * pdf.js's own data folders in node_modules: the CMaps that map the codes of CJK fonts to characters (a Chinese
 * PDF that uses a predefined CMap such as UniGB-UCS2-H reads as nothing without them) and the standard fonts.
 * Read from disk: nothing is ever fetched.
 */
function dataFolders() {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return { cMapUrl: join(root, 'cmaps') + '/', standardFontDataUrl: join(root, 'standard_fonts') + '/' };
}

/** Checks the frame of the file before pdf.js, which would rebuild a truncated file and read part of it. */
function checkFrame(bytes: Buffer): void {
  if (bytes.subarray(0, 1024).indexOf(PDF_HEADER) < 0) {
    throw new ExtractError('damaged', 'the file is not a PDF (it has no %PDF header)');
  }
  if (bytes.subarray(Math.max(0, bytes.length - 2048)).indexOf(END_OF_FILE) < 0) {
    throw new ExtractError('damaged', 'the PDF is truncated (it has no end-of-file marker)');
  }
}

/**
 * PDF: one section per page that has text (`where` is `page N`), through pdf.js. A file that needs a password is
 * `encrypted`; one whose only password is the empty one (an owner password restricting printing or copying) opens
 * as every viewer opens it. pdf.js stops at errors rather than recovering what it can, so a broken file is
 * `damaged`, never half read. Scanned pages are pictures: a PDF of them has no text (`empty`).
 */
export const readPdf: Reader = async (bytes, { maxTextChars }) => {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  checkFrame(buffer);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    // A copy of its own: pdf.js refuses a Buffer, and hands its data on by transfer, which would empty the caller's.
    data: new Uint8Array(bytes),
    ...dataFolders(),
    stopAtErrors: true,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    const pdf = await task.promise;
    const sections: ExtractedSection[] = [];
    let chars = 0;
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      page.cleanup();
      chars += text.length;
      if (chars > maxTextChars)
        throw new ExtractError('too_large', `the PDF has more than ${maxTextChars} characters of text`);
      sections.push({ text: text.replace(/[^\S\n]+\n/g, '\n'), where: `page ${n}` });
    }
    return sections;
  } catch (error) {
    throw asExtractError(error);
  } finally {
    await task.destroy();
  }
};

function asExtractError(error: unknown): ExtractError {
  if (error instanceof ExtractError) return error;
  const { name, message } = error instanceof Error ? error : { name: '', message: String(error) };
  if (name === 'PasswordException') {
    return new ExtractError(
      'encrypted',
      'the PDF is password-protected: remove the password and upload it again',
    );
  }
  return new ExtractError('damaged', `the PDF is damaged (${message})`);
}
