import { describe, expect, it } from 'vitest';
import { extractDocument } from './extract-document';
import { ExtractError } from './extracted-document';
import { writePdf } from './fixtures/pdf-writer.test-helpers';

const request = (bytes: Buffer | string, filename: string, type = '', maxTextChars = 1_000_000) => ({
  bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
  type,
  filename,
  maxTextChars,
});
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('extractDocument', () => {
  it('answers unsupported for a type without a reader, saying why', async () => {
    const error = await failure(extractDocument(request('x', 'photo.png', 'image/png')));
    expect(error).toBeInstanceOf(ExtractError);
    expect(error).toMatchObject({
      code: 'unsupported',
      message: 'files of type image/png (photo.png) have no text reader',
    });
    expect(await failure(extractDocument(request('x', 'old.doc', 'application/msword')))).toMatchObject({
      code: 'unsupported',
      message: 'Word 97–2003 (.doc) files are not read: save the file as .docx',
    });
  });

  it('answers empty for a file of no bytes, of only whitespace, or a PDF of blank pages', async () => {
    expect(await failure(extractDocument(request('', 'a.txt')))).toMatchObject({
      code: 'empty',
      message: 'the file is empty',
    });
    expect(await failure(extractDocument(request(' \n\t\n ', 'a.md')))).toMatchObject({
      code: 'empty',
      message: 'the file has no text',
    });
    expect(await failure(extractDocument(request(writePdf([[], []]), 'scan.pdf')))).toMatchObject({
      code: 'empty',
      message: 'the file has no text (a scanned PDF is pictures of text: Parley does not read those)',
    });
  });

  it('drops blank sections and blank lines around a section, keeping a first line’s indent', async () => {
    const doc = await extractDocument(request(writePdf([['page one'], [], ['page three']]), 'a.pdf'));
    expect(doc).toEqual({
      sections: [
        { text: 'page one', where: 'page 1' },
        { text: 'page three', where: 'page 3' },
      ],
    });
    const code = await extractDocument(request('\n\n    indented();\n  \n', 'a.js'));
    expect(code).toEqual({ sections: [{ text: '    indented();' }] });
  });

  it('answers too_large past maxTextChars, counted in characters (Chinese counts one each)', async () => {
    expect(await extractDocument(request('中文字符', 'a.txt', '', 4))).toEqual({
      sections: [{ text: '中文字符' }],
    });
    expect(await failure(extractDocument(request('中文字符多', 'a.txt', '', 4)))).toMatchObject({
      code: 'too_large',
      message: 'the file has more than 4 characters of text',
    });
  });

  it('answers too_large for a text file of more than four bytes a character allowed, before decoding it', async () => {
    expect(await failure(extractDocument(request('a'.repeat(41), 'a.txt', '', 10)))).toMatchObject({
      code: 'too_large',
    });
  });
});
