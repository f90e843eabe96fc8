import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createExtractor, ExtractError, type ExtractedSection } from './extractor';
import { writeDocx, writePptx, writeXlsx } from './fixtures/ooxml-writer.test-helpers';
import { reportPages, writePdf } from './fixtures/pdf-writer.test-helpers';

const extractor = createExtractor();
afterAll(() => extractor.close());

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
const bigSheet = (rows: number) =>
  Array.from({ length: rows }, (_, r) => [
    `行 ${r} row`,
    r * 1.5,
    `名字 ${r % 97}`,
    { date: 45_000 + (r % 300) },
    r % 2 === 0,
  ]);
const GBK_CSV = Buffer.from('c3fbb3c62cbcdbb8f10ac6bbb9fb2c33', 'hex'); // 名称,价格 / 苹果,3

// Every format, Chinese and English, through the worker thread.
const FILES: [string, Buffer, string, ExtractedSection[]][] = [
  [
    'a.pdf',
    writePdf([['English page', '中文页面']], { compress: true }),
    'application/pdf',
    [{ text: 'English page\n中文页面', where: 'page 1' }],
  ],
  [
    'b.pdf',
    writePdf([['CMap page', '预定义编码']], { cjk: 'ucs2' }),
    'application/pdf',
    [{ text: 'CMap page\n预定义编码', where: 'page 1' }],
  ],
  ['a.docx', writeDocx(['Word 文档']), '', [{ text: 'Word 文档' }]],
  [
    'a.xlsx',
    writeXlsx([{ name: '表一', rows: [['Excel', '表格']] }]),
    '',
    [{ text: 'Excel\t表格', where: '表一' }],
  ],
  ['a.pptx', writePptx([{ paragraphs: ['Slide 幻灯片'] }]), '', [{ text: 'Slide 幻灯片', where: 'slide 1' }]],
  ['a.csv', Buffer.from('name,名字\nAda,艾达\n'), 'text/csv', [{ text: 'name,名字\nAda,艾达' }]],
  ['gbk.csv', GBK_CSV, 'text/csv', [{ text: '名称,价格\n苹果,3' }]],
  ['a.txt', Buffer.from('Plain text 纯文本'), 'text/plain', [{ text: 'Plain text 纯文本' }]],
  [
    'a.md',
    Buffer.from('# Title 标题\n\nBody 正文'),
    'text/markdown',
    [{ text: '# Title 标题\n\nBody 正文' }],
  ],
  [
    'a.json',
    Buffer.from('{"en": "json", "zh": "\\u4e2d\\u6587"}'),
    'application/json',
    [{ text: '{"en": "json", "zh": "中文"}' }],
  ],
  [
    'a.html',
    Buffer.from('<title>Page 页</title><script>x()</script><p>Visible 可见</p>'),
    'text/html',
    [{ text: 'Page 页\n\nVisible 可见' }],
  ],
  [
    'a.xml',
    Buffer.from('<doc lang="zh"><p>XML 文本</p></doc>'),
    'application/xml',
    [{ text: 'lang=zh\nXML 文本' }],
  ],
  [
    'main.ts',
    Buffer.from('// 注释 comment\nexport const x = 1;'),
    'video/mp2t',
    [{ text: '// 注释 comment\nexport const x = 1;' }],
  ],
  ['app.py', Buffer.from('print("你好 hello")'), 'text/x-python', [{ text: 'print("你好 hello")' }]],
  [
    'main.go',
    Buffer.from('package main // 包'),
    'application/octet-stream',
    [{ text: 'package main // 包' }],
  ],
  ['q.sql', Buffer.from("SELECT '中文' AS zh;"), '', [{ text: "SELECT '中文' AS zh;" }]],
];

describe('extractor', () => {
  it.each(FILES)('reads %s in a worker thread, Chinese intact', async (filename, bytes, type, sections) => {
    expect(await extractor.extract({ bytes, type, filename })).toEqual({ sections });
  });

  it.each([
    ['damaged', Buffer.from('this is not a zip file at all'), 'report.docx'],
    ['damaged', writePdf([['cut']]).subarray(0, 200), 'cut.pdf'],
    ['encrypted', writePdf([['x']], { encrypted: 'user' }), 'locked.pdf'],
    ['encrypted', fixture('encrypted.docx'), 'locked.docx'],
    ['encrypted', fixture('encrypted.xlsx'), 'locked.xlsx'],
    ['unsupported', fixture('legacy.doc'), 'old.docx'],
    ['unsupported', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'photo.png'],
    ['empty', writePdf([[]]), 'scan.pdf'],
    ['empty', Buffer.alloc(0), 'nothing.txt'],
  ] as const)('answers ExtractError(%s) for %s… (%s) across the thread', async (code, bytes, filename) => {
    const error = await failure(extractor.extract({ bytes, type: '', filename }));
    expect(error).toBeInstanceOf(ExtractError);
    expect((error as ExtractError).code).toBe(code);
  });

  it('leaves the caller’s buffer as it was', async () => {
    const bytes = Buffer.from('still mine 仍然是我的');
    await extractor.extract({ bytes, type: 'text/plain', filename: 'a.txt' });
    expect(bytes.toString()).toBe('still mine 仍然是我的');
  });

  it('answers too_large past maxTextChars', async () => {
    const small = createExtractor({ maxTextChars: 10 });
    try {
      expect(
        await failure(small.extract({ bytes: Buffer.from('eleven char'), type: '', filename: 'a.txt' })),
      ).toMatchObject({
        code: 'too_large',
        message: 'the file has more than 10 characters of text',
      });
    } finally {
      await small.close();
    }
  });

  it('answers timeout past timeoutMs, and reads again after', async () => {
    // 1 ms: no worker starts and reads a PDF that fast, however idle the machine.
    const hasty = createExtractor({ timeoutMs: 1 });
    try {
      const pdf = writePdf([['x']]);
      for (let i = 0; i < 2; i += 1) {
        const error = await failure(hasty.extract({ bytes: pdf, type: '', filename: 'a.pdf' }));
        expect(error).toBeInstanceOf(ExtractError);
        expect(error).toMatchObject({ code: 'timeout', message: 'reading the file took longer than 1 ms' });
      }
    } finally {
      await hasty.close();
    }
  });

  it('rejects with the signal’s reason when aborted mid-file, and reads the next file', async () => {
    const pdf = writePdf(reportPages(300), { compress: true });
    const controller = new AbortController();
    const reading = failure(
      extractor.extract({ bytes: pdf, type: '', filename: 'big.pdf' }, controller.signal),
    );
    setTimeout(() => controller.abort(new Error('the file was deleted')), 50);
    expect(await reading).toEqual(new Error('the file was deleted'));
    const next = await extractor.extract({ bytes: Buffer.from('next 下一个'), type: '', filename: 'a.txt' });
    expect(next).toEqual({ sections: [{ text: 'next 下一个' }] });
  }, 60_000);

  it.each([
    ['a 300-page PDF', () => writePdf(reportPages(300), { compress: true }), 'big.pdf', 300],
    ['a 100,000-cell sheet', () => writeXlsx([{ name: 'Big', rows: bigSheet(20_000) }]), 'big.xlsx', 1],
  ])(
    'keeps the main thread’s event loop free while %s is read',
    async (_what, make, filename, sections) => {
      // A new extractor: its first file also loads the readers, which on the main thread would stall it longest.
      const fresh = createExtractor();
      try {
        const bytes = make();
        let worst = 0;
        let last = performance.now();
        const tick = () => {
          const now = performance.now();
          worst = Math.max(worst, now - last);
          last = now;
        };
        const timer = setInterval(tick, 10);
        const doc = await fresh.extract({ bytes, type: '', filename });
        tick();
        clearInterval(timer);
        expect(doc.sections).toHaveLength(sections);
        // In a worker the 10 ms timer keeps firing; 500 ms leaves room for a machine whose cores are shared five
        // times over. Read on the main thread, the sheet's synchronous parse stalls the loop for seconds at a stretch;
        // pdf.js yields between pages, so there the stall is its loading and the longest page (about 0.3 s here).
        expect(worst).toBeLessThan(500);
      } finally {
        await fresh.close();
      }
    },
    60_000,
  );

  it('refuses files once closed, with a plain Error', async () => {
    const closing = createExtractor();
    await closing.close();
    const error = await failure(closing.extract({ bytes: Buffer.from('x'), type: '', filename: 'a.txt' }));
    expect(error).not.toBeInstanceOf(ExtractError);
    expect((error as Error).message).toBe('the extractor is closed');
  });
});
