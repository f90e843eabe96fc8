import { describe, expect, it } from 'vitest';
import { ExtractError } from './extracted-document';
import { writePdf } from './fixtures/pdf-writer.test-helpers';
import { readPdf } from './pdf.reader';

const ctx = { type: 'application/pdf', filename: 'a.pdf', maxTextChars: 1_000_000 };
const PAGES = [
  ['Knowledge base, page one', '知识库检索测试，第一页'],
  ['Second page in English', '第二页：中文段落（全角标点）'],
];

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/** Where each content stream's data starts. */
function streamStarts(pdf: Buffer): number[] {
  const starts: number[] = [];
  for (let i = pdf.indexOf('stream\n'); i >= 0; i = pdf.indexOf('stream\n', i + 1)) {
    if (pdf.subarray(i - 3, i).toString() !== 'end') starts.push(i + 'stream\n'.length);
  }
  return starts;
}

describe('PDF reader', () => {
  it('reads each page, English and Chinese, with `page N` as where (fonts with a ToUnicode CMap)', async () => {
    expect(await readPdf(writePdf(PAGES, { compress: true }), ctx)).toEqual([
      { text: 'Knowledge base, page one\n知识库检索测试，第一页', where: 'page 1' },
      { text: 'Second page in English\n第二页：中文段落（全角标点）', where: 'page 2' },
    ]);
  });

  it('reads Chinese set in a predefined CMap (UniGB-UCS2-H, STSong-Light) with pdf.js’s bundled CMaps', async () => {
    // Without the CMaps pdf.js finds no text at all in these lines.
    expect(await readPdf(writePdf(PAGES, { cjk: 'ucs2' }), ctx)).toEqual([
      { text: 'Knowledge base, page one\n知识库检索测试，第一页', where: 'page 1' },
      { text: 'Second page in English\n第二页：中文段落（全角标点）', where: 'page 2' },
    ]);
  });

  it('(the fixture) has Chinese that pdf.js cannot read without the CMaps', async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const data = new Uint8Array(writePdf([['中文']], { cjk: 'ucs2' }));
    const pdf = await pdfjs.getDocument({ data, verbosity: 0 }).promise;
    const content = await (await pdf.getPage(1)).getTextContent();
    expect(content.items).toEqual([]);
    await pdf.destroy();
  });

  it('answers encrypted for a PDF that needs a password', async () => {
    const error = await failure(readPdf(writePdf([['secret']], { encrypted: 'user' }), ctx));
    expect(error).toBeInstanceOf(ExtractError);
    expect(error).toMatchObject({
      code: 'encrypted',
      message: 'the PDF is password-protected: remove the password and upload it again',
    });
  });

  it('reads a PDF encrypted with only an owner password, as viewers open it without asking', async () => {
    const pdf = writePdf([['Restricted copying', 'still readable']], { encrypted: 'owner', compress: true });
    expect(await readPdf(pdf, ctx)).toEqual([
      { text: 'Restricted copying\nstill readable', where: 'page 1' },
    ]);
  });

  it('answers damaged for a truncated PDF, never the pages before the cut', async () => {
    const pdf = writePdf(PAGES);
    for (const keep of [0.5, 0.9, 0.99]) {
      const error = await failure(readPdf(pdf.subarray(0, Math.floor(pdf.length * keep)), ctx));
      expect(error).toMatchObject({
        code: 'damaged',
        message: 'the PDF is truncated (it has no end-of-file marker)',
      });
    }
  });

  it('answers damaged for a PDF cut short whose end marker was put back', async () => {
    const pdf = writePdf(PAGES, { compress: true });
    const patched = Buffer.concat([pdf.subarray(0, Math.floor(pdf.length * 0.8)), Buffer.from('\n%%EOF\n')]);
    expect(await failure(readPdf(patched, ctx))).toMatchObject({ code: 'damaged' });
  });

  it('answers damaged when one page’s compressed content is corrupt, rather than the other pages alone', async () => {
    const pdf = writePdf(PAGES, { compress: true });
    const last = streamStarts(pdf).at(-1)!;
    for (let i = last + 4; i < last + 20; i += 1) pdf[i] = pdf[i]! ^ 0xa5;
    expect(await failure(readPdf(pdf, ctx))).toMatchObject({
      code: 'damaged',
      message: 'the PDF is damaged (Bad encoding in flate stream)',
    });
  });

  it('answers damaged for bytes that are not a PDF', async () => {
    expect(await failure(readPdf(Buffer.from('PK\x03\x04 not a pdf %%EOF'), ctx))).toMatchObject({
      code: 'damaged',
      message: 'the file is not a PDF (it has no %PDF header)',
    });
    const junk = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(3000, 0x41),
      Buffer.from('\n%%EOF\n'),
    ]);
    expect(await failure(readPdf(junk, ctx))).toMatchObject({ code: 'damaged' });
  });

  it('gives blank pages as blank sections (the caller calls a document of them empty)', async () => {
    expect(await readPdf(writePdf([[], ['only text']]), ctx)).toEqual([
      { text: '', where: 'page 1' },
      { text: 'only text', where: 'page 2' },
    ]);
  });

  it('stops with too_large once the pages pass maxTextChars', async () => {
    const pages = Array.from({ length: 5 }, (_, i) => [`page ${i + 1} `.padEnd(60, 'x')]);
    const error = await failure(readPdf(writePdf(pages), { ...ctx, maxTextChars: 150 }));
    expect(error).toMatchObject({
      code: 'too_large',
      message: 'the PDF has more than 150 characters of text',
    });
  });
});
