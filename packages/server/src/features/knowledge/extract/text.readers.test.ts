import { describe, expect, it } from 'vitest';
import { ExtractError } from './extracted-document';
import { readHtml } from './html.reader';
import { readJson, readText } from './text.reader';
import { readXml } from './xml.reader';

const ctx = (filename: string, type = '') => ({ type, filename, maxTextChars: 1_000_000 });
const bytes = (s: string) => Buffer.from(s);

describe('text reader', () => {
  it('keeps plain text, Markdown and code as written (Chinese and English), line ends as \\n', async () => {
    expect(await readText(bytes('第一行 first\r\nsecond 第二行\r'), ctx('a.txt'))).toEqual([
      { text: '第一行 first\nsecond 第二行\n' },
    ]);
    expect(await readText(bytes('# 标题 Title\n\n- 要点 point'), ctx('a.md'))).toEqual([
      { text: '# 标题 Title\n\n- 要点 point' },
    ]);
    const code = 'def 加法(a, b):\n    # add two numbers 两数相加\n    return a + b\n';
    expect(await readText(bytes(code), ctx('add.py'))).toEqual([{ text: code }]);
  });

  it('reads a CSV in the charset its type names', async () => {
    const big5 = Buffer.concat([bytes('name,'), Buffer.from('a4a4a4e5', 'hex')]); // 中文 in Big5
    expect(await readText(big5, ctx('a.csv', 'text/csv; charset=big5'))).toEqual([{ text: 'name,中文' }]);
  });
});

describe('JSON reader', () => {
  it('keeps the JSON as written, with \\u escapes turned into their characters', async () => {
    const json = '{"name": "\\u4e2d\\u6587", "en": "plain", "emoji": "\\ud83d\\ude00"}';
    expect(await readJson(bytes(json), ctx('a.json'))).toEqual([
      { text: '{"name": "中文", "en": "plain", "emoji": "😀"}' },
    ]);
  });

  it('leaves an escaped backslash and control-character escapes alone', async () => {
    const json = '["\\\\u4e2d", "a\\u000ab", "\\\\\\u4e2d"]';
    expect(await readJson(bytes(json), ctx('a.json'))).toEqual([
      { text: '["\\\\u4e2d", "a\\u000ab", "\\\\中"]' },
    ]);
  });

  it('refuses a file that is not JSON as damaged', async () => {
    await expect(readJson(bytes('{"a": 1,'), ctx('a.json'))).rejects.toMatchObject({
      code: 'damaged',
      message: expect.stringMatching(/^the file is not valid JSON \(.+\)$/),
    });
  });
});

describe('HTML reader', () => {
  it('reads the visible text and the title; never scripts, styles, hidden elements or attributes', async () => {
    const html =
      '<!doctype html><html><head><title>知识 Knowledge</title><style>p{color:red}</style>' +
      '<script>var secret = "脚本";</script></head><body><h1>标题 Heading</h1><p>段落 one <b>bold</b></p>' +
      '<div hidden>隐藏 hidden</div><noscript>no</noscript><a href="https://x.test" title="attr">链接</a>' +
      '<script>alert("x")</script></body></html>';
    expect(await readHtml(bytes(html), ctx('a.html'))).toEqual([
      { text: '知识 Knowledge\n\n标题 Heading\n\n段落 one bold\n\n链接' },
    ]);
  });

  it('reads a fragment with no <html> or <body>', async () => {
    expect(await readHtml(bytes('<p>片段 fragment</p><p>second</p>'), ctx('a.html'))).toEqual([
      { text: '片段 fragment\n\nsecond' },
    ]);
  });

  it('decodes with the charset the page declares', async () => {
    const page = Buffer.concat([
      bytes('<meta charset="big5"><p>'),
      Buffer.from('a4a4a4e5', 'hex'),
      bytes('</p>'),
    ]);
    expect(await readHtml(page, ctx('a.html'))).toEqual([{ text: '中文' }]);
  });
});

describe('XML reader', () => {
  it('reads text, CDATA and attribute values, one line each; namespace plumbing and comments left out', async () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><catalog xmlns="urn:x" ' +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:x x.xsd">' +
      '<item name="苹果" price="3">红色 red &amp; round</item><note><![CDATA[<b>not markup</b> 中文]]></note>' +
      '<!-- a comment --></catalog>';
    expect(await readXml(bytes(xml), ctx('a.xml'))).toEqual([
      { text: 'name=苹果 price=3\n红色 red & round\n<b>not markup</b> 中文' },
    ]);
  });

  it('decodes with the encoding the declaration names', async () => {
    const xml = Buffer.concat([
      bytes('<?xml version="1.0" encoding="Big5"?><a>'),
      Buffer.from('a4a4a4e5', 'hex'),
      bytes('</a>'),
    ]);
    expect(await readXml(xml, ctx('a.xml'))).toEqual([{ text: '中文' }]);
  });

  it('refuses XML that is not well-formed (or not XML) as damaged, saying where', async () => {
    const error = await readXml(bytes('<a>\n<b>text</a>'), ctx('a.xml')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractError);
    expect(error).toMatchObject({
      code: 'damaged',
      message: 'the file is not well-formed XML (Unexpected close tag at line 2, column 11)',
    });
    for (const [xml, message] of [
      ['<a>', 'the file is not well-formed XML (Unclosed root tag at line 1, column 3)'],
      ['just text', 'the file is not well-formed XML (Non-whitespace before first tag. at line 1, column 1)'],
      ['<!-- only a comment -->', 'the file is not XML (it has no element)'],
    ]) {
      await expect(readXml(bytes(xml!), ctx('a.xml'))).rejects.toMatchObject({ code: 'damaged', message });
    }
  });

  it('expands no entity a document declares: neither an entity bomb nor an external file', async () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE b [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">' +
      '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><b>&c;</b>';
    const external = '<?xml version="1.0"?><!DOCTYPE f [<!ENTITY x SYSTEM "file:///etc/passwd">]><f>&x;</f>';
    await expect(readXml(bytes(bomb), ctx('a.xml'))).rejects.toMatchObject({
      code: 'unsupported',
      message: 'the file uses entities declared in its DTD, which are not read',
    });
    await expect(readXml(bytes(external), ctx('a.xml'))).rejects.toMatchObject({ code: 'unsupported' });
  });
});
