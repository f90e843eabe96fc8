import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readDocx } from './docx.reader';
import { ExtractError } from './extracted-document';
import { writeDocx, writePptx, writeXlsx } from './fixtures/ooxml-writer.test-helpers';
import { readPptx } from './pptx.reader';
import type { Reader } from './reader';
import { readXlsx } from './xlsx.reader';

const ctx = { type: '', filename: 'file', maxTextChars: 1_000_000 };
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

const READERS: [string, Reader, string, Buffer][] = [
  ['docx', readDocx, 'a Word document (.docx)', writeDocx(['x'])],
  ['xlsx', readXlsx, 'an Excel workbook (.xlsx)', writeXlsx([{ name: 'S', rows: [['x']] }])],
  ['pptx', readPptx, 'a PowerPoint presentation (.pptx)', writePptx([{ paragraphs: ['x'] }])],
];

/** A zip with these parts, given as text. */
const zipOf = (parts: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, strToU8(v)]))));

describe('Word reader', () => {
  it('reads paragraphs and tables, Chinese and English', async () => {
    const docx = writeDocx(
      ['标题 Title', 'Body & <text> 正文'],
      [
        ['名字', 'Age'],
        ['张三', '30'],
      ],
    );
    expect(await readDocx(docx, ctx)).toEqual([
      { text: '标题 Title\n\nBody & <text> 正文\n\n名字\n\nAge\n\n张三\n\n30\n\n' },
    ]);
  });
});

describe('Excel reader', () => {
  it('reads every sheet in order, rows as lines and cells apart by tabs: strings, numbers, booleans, dates', async () => {
    const xlsx = writeXlsx([
      {
        name: '销售 Sales',
        rows: [
          ['产品 Product', 'Price', 'Date'],
          ['苹果 apple', 3.5, { date: 45292 }],
          [{ inline: '内联 inline' }, true, { formulaText: '公式 formula' }],
        ],
      },
      { name: 'Sheet2', rows: [[0.1 + 0.2, 12345678901]] },
      { name: 'Empty', rows: [] },
    ]);
    expect(await readXlsx(xlsx, ctx)).toEqual([
      {
        text: '产品 Product\tPrice\tDate\n苹果 apple\t3.5\t2024-01-01\n内联 inline\tTRUE\t公式 formula',
        where: '销售 Sales',
      },
      { text: '0.3\t12345678901', where: 'Sheet2' },
      { text: '', where: 'Empty' },
    ]);
  });
});

describe('PowerPoint reader', () => {
  it('reads slides in the presentation’s order (not the parts’ names) with their speaker notes', async () => {
    const pptx = writePptx([
      { paragraphs: ['第一张 First slide', 'Body 正文'], notes: '备注 speaker notes' },
      { paragraphs: ['Second 第二张'] },
      { paragraphs: ['Third'], notes: '' },
    ]);
    expect(await readPptx(pptx, ctx)).toEqual([
      { text: '第一张 First slide\nBody 正文\n\n备注 speaker notes', where: 'slide 1' },
      { text: 'Second 第二张', where: 'slide 2' },
      { text: 'Third', where: 'slide 3' },
    ]);
  });

  it('answers damaged when a listed slide’s part is missing', async () => {
    const pptx = zipOf({
      '_rels/.rels':
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" ' +
        'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>',
      'ppt/presentation.xml':
        '<p:presentation xmlns:p="urn:p" xmlns:r="urn:r"><p:sldIdLst><p:sldId id="256" r:id="rId1"/></p:sldIdLst></p:presentation>',
    });
    expect(await failure(readPptx(pptx, ctx))).toMatchObject({
      code: 'damaged',
      message: 'the file is damaged: a PowerPoint presentation (.pptx) whose slide 1 is missing',
    });
  });
});

describe.each(READERS)('%s reader on bad files', (ext, read, kind, good) => {
  it('answers encrypted for a password-protected file (Office’s own encryption)', async () => {
    const error = await failure(read(fixture(`encrypted.${ext}`), ctx));
    expect(error).toBeInstanceOf(ExtractError);
    expect(error).toMatchObject({
      code: 'encrypted',
      message: 'the file is password-protected: remove the password and upload it again',
    });
  });

  it('answers unsupported for an Office 97–2003 file', async () => {
    expect(await failure(read(fixture('legacy.doc'), ctx))).toMatchObject({
      code: 'unsupported',
      message: `the file is in the Office 97–2003 format, not ${kind}: save it in the newer format`,
    });
  });

  it('answers damaged for random bytes', async () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251));
    expect(await failure(read(random, ctx))).toMatchObject({
      code: 'damaged',
      message: `the file is not ${kind}: it is not a zip package`,
    });
  });

  it('answers damaged for a truncated file', async () => {
    const error = await failure(read(good.subarray(0, Math.floor(good.length * 0.7)), ctx));
    expect(error).toBeInstanceOf(ExtractError);
    expect((error as ExtractError).code).toBe('damaged');
  });

  it('answers damaged for a zip with no Office document in it', async () => {
    const error = await failure(read(zipOf({ 'readme.txt': 'hello' }), ctx));
    expect(error).toBeInstanceOf(ExtractError);
    expect((error as ExtractError).code).toBe('damaged');
  });

  it('answers too_large for parts that claim to unpack past 256 MB (a zip bomb), unpacking nothing', async () => {
    const bomb = Buffer.from(good);
    // The central directory's uncompressed size of every entry (offset 24 of each record) set to 300 MB.
    for (let i = bomb.indexOf('PK\x01\x02'); i >= 0; i = bomb.indexOf('PK\x01\x02', i + 4)) {
      bomb.writeUInt32LE(300 * 1024 * 1024, i + 24);
    }
    expect(await failure(read(bomb, ctx))).toMatchObject({
      code: 'too_large',
      message: 'the file unpacks to more than 256 MB',
    });
  });
});

describe('Office parts that are not well-formed', () => {
  it('answers damaged for a sheet whose XML is broken, never the other sheets', async () => {
    const xlsx = writeXlsx([
      { name: 'Good', rows: [['fine']] },
      { name: 'Bad', rows: [['x']] },
    ]);
    const { unzipSync } = await import('fflate');
    const parts = unzipSync(xlsx);
    parts['xl/worksheets/sheet2.xml'] = strToU8('<worksheet><sheetData><row></sheetData>');
    const error = await failure(readXlsx(Buffer.from(zipSync(parts)), ctx));
    expect(error).toMatchObject({ code: 'damaged' });
    expect((error as Error).message).toMatch(
      /^the part xl\/worksheets\/sheet2\.xml is not well-formed XML \(.+\)$/,
    );
  });
});
