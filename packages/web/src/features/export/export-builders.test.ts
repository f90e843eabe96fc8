import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { NIL_UUID, type Message } from '@parley/shared';
import { enUS, zhCN } from '../../locales/catalogues';
import enExport from '../../locales/lazy/en-US/export.json';
import zhExport from '../../locales/lazy/zh-CN/export.json';
import { buildCsv, csvField, UTF8_BOM } from './build-csv';
import { buildJson } from './build-json';
import { buildMarkdown } from './build-markdown';
import { buildText } from './build-text';
import { allMessagesInOrder, nestMessages } from './export-messages';
import { enabledChoices, type ExportSource, type ExportWording } from './export-types';
import { exportWording } from './export-wording';
import { FALLBACK_FILENAME, sanitizeFilename } from './sanitize-filename';

const msg = (id: string, parent: string, text: string, minute: number, user = false): Message => ({
  messageId: id,
  conversationId: 'c1',
  parentMessageId: parent,
  sender: user ? 'User' : 'ChatGPT',
  ...(user ? {} : { model: 'gpt-4o' }),
  text,
  isCreatedByUser: user,
  error: false,
  unfinished: false,
  createdAt: `2026-01-01T00:0${minute}:00.000Z`,
  updatedAt: `2026-01-01T00:0${minute}:00.000Z`,
});

// q1 -> a1, and an edit q1' (a second root) -> a2: two branches.
const q1 = msg('q1', NIL_UUID, '你好，世界', 0, true);
const a1 = msg('a1', 'q1', 'Hi, "there"\nsecond line', 1);
const q2 = msg('q2', NIL_UUID, 'edited question', 2, true);
const a2 = msg('a2', 'q2', '回答', 3);
const all = [a2, q1, q2, a1];

// The words of a user who reads Chinese, named 张三, through the app's own catalogues.
let zh: ExportWording;
let en: ExportWording;
beforeAll(async () => {
  const zhT = await i18next.createInstance().init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { translation: { ...zhCN, ...zhExport } } },
  });
  const enT = await i18next.createInstance().init({
    lng: 'en-US',
    resources: { 'en-US': { translation: { ...enUS, ...enExport } } },
  });
  zh = exportWording(zhT, { name: '张三' });
  en = exportWording(enT, { name: '' });
});

const source = (messages: Message[], options: Record<string, unknown> = {}): ExportSource => ({
  conversationId: 'c1',
  title: '我的对话',
  endpoint: 'openAI',
  options: { model: 'gpt-4o', temperature: 0.5, ...options },
  messages,
  wording: zh,
});

describe('sanitizeFilename', () => {
  it('removes separators, reserved and control characters, and trims', () => {
    expect(sanitizeFilename('  a/b\\c<d>e:f"g|h?i*j\u0000k\u0007l\u009f  ')).toBe('abcdefghijkl');
    // Full-width punctuation is an ordinary character in every file system.
    expect(sanitizeFilename('报告：第一版 / 草稿')).toBe('报告：第一版 草稿');
    expect(sanitizeFilename('  ..name..  ')).toBe('name');
    // A title cannot disguise the file's type with a right-to-left override.
    expect(sanitizeFilename('invoice\u202egpj.exe')).toBe('invoicegpj.exe');
  });
  it('falls back to "conversation" when nothing is left', () => {
    expect(sanitizeFilename('')).toBe(FALLBACK_FILENAME);
    expect(sanitizeFilename(' /\\?* ')).toBe('conversation');
    // A Windows device name would not save.
    expect(sanitizeFilename('CON')).toBe('CON_');
  });
  it('keeps at most 200 characters without splitting a character', () => {
    expect(sanitizeFilename('中'.repeat(300))).toBe('中'.repeat(200));
    expect(Array.from(sanitizeFilename('😀'.repeat(250)))).toHaveLength(200);
  });
});

describe('which choices a type uses', () => {
  it('screenshot only the name; csv branches; text and markdown options and branches; json all', () => {
    expect(enabledChoices('screenshot')).toEqual({
      includeOptions: false,
      allBranches: false,
      recursive: false,
    });
    expect(enabledChoices('csv')).toEqual({ includeOptions: false, allBranches: true, recursive: false });
    expect(enabledChoices('text')).toEqual({ includeOptions: true, allBranches: true, recursive: false });
    expect(enabledChoices('markdown')).toEqual({ includeOptions: true, allBranches: true, recursive: false });
    expect(enabledChoices('json')).toEqual({ includeOptions: true, allBranches: true, recursive: true });
  });
});

describe('message order', () => {
  it('lists every branch depth first, each reply after its message', () => {
    expect(allMessagesInOrder(all).map((m) => m.messageId)).toEqual(['q1', 'a1', 'q2', 'a2']);
  });
  it('nests replies under children', () => {
    const tree = nestMessages(all);
    expect(tree.map((n) => [n.messageId, n.children.map((c) => c.messageId)])).toEqual([
      ['q1', ['a1']],
      ['q2', ['a2']],
    ]);
  });
});

describe('buildText', () => {
  it("writes the title, then each turn under the user's name or the model; options last, in Chinese, when asked", () => {
    expect(buildText(source([q2, a2]), false)).toBe('我的对话\n\n张三:\nedited question\n\ngpt-4o:\n回答\n');
    expect(buildText(source([q2, a2], { resendImages: true, imageDetail: 'high' }), true)).toBe(
      '我的对话\n\n张三:\nedited question\n\ngpt-4o:\n回答\n\n' +
        '模型与参数\n服务商: OpenAI\n模型: gpt-4o\n温度: 0.5\n重新发送图片: 是\n图片细节: 高\n',
    );
  });

  it('puts the endpoint and the model first whatever order the conversation keeps its options in', () => {
    const stored = { ...source([q2, a2]), options: { temperature: 0.5, topP: 1, model: 'gpt-4o' } };
    expect(buildText(stored, true)).toContain(
      '模型与参数\n服务商: OpenAI\n模型: gpt-4o\n温度: 0.5\nTop P: 1\n',
    );
  });
});

describe('buildMarkdown', () => {
  it("starts with the conversation: a heading, then each turn as the user's name or the model in bold", () => {
    expect(buildMarkdown({ ...source([q1, a1]), title: 'A *bold* | title' }, false)).toBe(
      '# A \\*bold\\* | title\n\n**张三**\n\n你好，世界\n\n**gpt-4o**\n\nHi, "there"\nsecond line\n',
    );
  });
  it("puts the endpoint and its options after the conversation, in the user's language", () => {
    expect(buildMarkdown(source([q1, a1], { top_p: 1, promptPrefix: 'a | b' }), true)).toBe(
      [
        '# 我的对话',
        '**张三**\n\n你好，世界',
        '**gpt-4o**\n\nHi, "there"\nsecond line',
        '---',
        '## 模型与参数',
        '| 参数 | 取值 |\n| --- | --- |\n| 服务商 | OpenAI |\n| 模型 | gpt-4o |\n| 温度 | 0.5 |\n| Top P | 1 |\n| 提示词前缀 | a \\| b |',
      ].join('\n\n') + '\n',
    );
  });
  it('in English, and for a user without a name, "You"; a custom reply label keeps the model beside it', () => {
    const named = { ...a2, sender: '翻译助手' };
    expect(buildMarkdown({ ...source([q2, named], { modelLabel: '翻译助手' }), wording: en }, true)).toBe(
      [
        '# 我的对话',
        '**You**\n\nedited question',
        '**翻译助手 (gpt-4o)**\n\n回答',
        '---',
        '## Model and settings',
        '| Setting | Value |\n| --- | --- |\n| Endpoint | OpenAI |\n| Model | gpt-4o |\n| Temperature | 0.5 |\n| Custom name | 翻译助手 |',
      ].join('\n\n') + '\n',
    );
  });
  it('names a reply without a model by its sender, and keeps markup in a name literal', () => {
    const old = { ...a2, model: undefined, sender: 'Claude' };
    const starry = exportWording(((key: string) => key) as never, { name: '139****9000' });
    expect(buildMarkdown({ ...source([q2, old]), wording: starry }, false)).toBe(
      '# 我的对话\n\n**139\\*\\*\\*\\*9000**\n\nedited question\n\n**Claude**\n\n回答\n',
    );
  });
});

describe('buildJson', () => {
  it('sequential: a flat list; options only when asked', () => {
    const doc = JSON.parse(buildJson(source([q2, a2]), false, false));
    expect(doc).toEqual({ conversationId: 'c1', title: '我的对话', endpoint: 'openAI', messages: [q2, a2] });
    expect(JSON.parse(buildJson(source([q2]), true, false)).options).toEqual({
      model: 'gpt-4o',
      temperature: 0.5,
    });
  });
  it('recursive: every branch nested under children', () => {
    const doc = JSON.parse(buildJson(source(allMessagesInOrder(all)), false, true));
    expect(doc.messages).toEqual([
      { ...q1, children: [{ ...a1, children: [] }] },
      { ...q2, children: [{ ...a2, children: [] }] },
    ]);
  });
});

describe('buildCsv', () => {
  it('quotes fields with commas, quotes and line breaks (quotes doubled)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });
  it('keeps a spreadsheet from running a field as a formula', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('- item')).toBe("'- item");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('a=b')).toBe('a=b');
  });
  it('starts with a BOM and the fixed header, CRLF line ends, Chinese kept', () => {
    expect(buildCsv(source([q1, a1]))).toBe(
      UTF8_BOM +
        'sender,text,isCreatedByUser,error,unfinished,messageId,parentMessageId,createdAt\r\n' +
        `User,你好，世界,true,false,false,q1,${NIL_UUID},2026-01-01T00:00:00.000Z\r\n` +
        'ChatGPT,"Hi, ""there""\nsecond line",false,false,false,a1,q1,2026-01-01T00:01:00.000Z\r\n',
    );
  });
});
