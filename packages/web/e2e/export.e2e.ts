import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { NIL_UUID, type Conversation, type Message } from '@parley/shared';
import type { Page } from 'playwright-core';
import { animationsDone, artifactPath } from './browser.test-helpers';
import {
  messagesOf,
  openChat,
  poll,
  send,
  settled,
  sim,
  URL_ID,
  useChatBrowser,
  type Chat,
} from './chat.test-helpers';
import { apiFromPage } from './session.test-helpers';

// Export conversation (docs/reference/conversations.md (Exporting a conversation)): the user menu's item, the
// dialog, and each file as downloaded.

useChatBrowser();

const CSV_HEADER = 'sender,text,isCreatedByUser,error,unfinished,messageId,parentMessageId,createdAt';
const csvField = (value: string) => {
  const v = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
};
const csvRow = (m: Message) =>
  [m.sender, m.text, m.isCreatedByUser, m.error, m.unfinished, m.messageId, m.parentMessageId, m.createdAt]
    .map((v) => csvField(String(v)))
    .join(',');

const openMenu = async (page: Page) => {
  // On a phone the user menu is in the drawer, which a dialog closes as it opens.
  if (!(await page.getByTestId('user-menu').isVisible()))
    await page.getByRole('button', { name: /^(Open sidebar|展开侧边栏)$/ }).click();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menu').waitFor();
};

/** Opens the dialog, makes the choices, exports, and answers the download's name and bytes. */
async function exportAs(
  chat: Chat,
  choices: {
    type: string;
    filename?: string;
    includeOptions?: boolean;
    allBranches?: boolean;
    recursive?: boolean;
  },
): Promise<{ name: string; bytes: Buffer }> {
  const { page } = chat;
  await openMenu(page);
  await page.getByTestId('open-export').click();
  const dialog = page.getByTestId('export-dialog');
  await dialog.waitFor();
  if (choices.filename !== undefined) await dialog.getByTestId('export-filename').fill(choices.filename);
  await dialog.getByTestId('export-type').selectOption(choices.type);
  const tick = async (testId: string, on: boolean | undefined) => {
    if (on !== undefined) await dialog.getByTestId(testId).setChecked(on);
  };
  await tick('export-include-options', choices.includeOptions);
  await tick('export-all-branches', choices.allBranches);
  if (choices.recursive !== undefined)
    await dialog.getByTestId(choices.recursive ? 'export-recursive' : 'export-sequential').check();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 20_000 }),
    dialog.getByTestId('export-submit').click(),
  ]);
  await dialog.waitFor({ state: 'detached' });
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

/** Sends a message in the Chinese interface and waits for its reply to end with `last`. */
async function sendZh(chat: Chat, text: string, last: string): Promise<string> {
  const { page } = chat;
  await chat.box.fill(text);
  await poll(() => page.getByRole('button', { name: '发送消息' }).isEnabled()).toBe(true);
  await chat.box.press('Enter');
  await page.waitForURL(URL_ID);
  await poll(() => chat.lastArticle().innerText(), 15_000).toContain(last);
  await poll(() => page.getByRole('button', { name: '停止生成' }).count()).toBe(0);
  const conversationId = URL_ID.exec(page.url())![1]!;
  await poll(async () => (await messagesOf(page, conversationId)).filter((m) => !m.unfinished).length).toBe(
    2,
  );
  return conversationId;
}

describe('export conversation', () => {
  it('is disabled, saying why, on a new chat; exports csv, json, md, txt and png of a branched conversation', async () => {
    const chat = await openChat();
    const { page } = chat;

    await openMenu(page);
    const item = page.getByTestId('open-export');
    expect(await item.getAttribute('aria-disabled')).toBe('true');
    expect(await item.getAttribute('title')).toBe('Send a message first to export');
    if (process.env.EXPORT_SHOTS) await page.screenshot({ path: `${process.env.EXPORT_SHOTS}/menu-new.png` });
    await page.keyboard.press('Escape');

    await send(chat, `First, "quoted" 你好 ${sim({ reply: 'Answer one,\nwith "quotes".' })}`);
    const conversationId = await settled(chat);
    // An edit of the first message makes a second branch, which the chat now shows.
    const user = chat.articles.first();
    await user.hover();
    await user.getByRole('button', { name: 'Edit' }).click();
    await page
      .getByRole('textbox', { name: 'Edit message' })
      .fill(`第二个问题 ${sim({ reply: '第二个回答' })}`);
    await page.getByRole('button', { name: 'Save & Submit' }).click();
    await poll(() => chat.lastArticle().innerText()).toContain('第二个回答');
    await settled(chat);
    await poll(async () => (await messagesOf(page, conversationId)).length).toBe(4);

    const all = await messagesOf(page, conversationId);
    const conversation = (await apiFromPage<Conversation>(page, `/api/convos/${conversationId}`)).body;
    const roots = all
      .filter((m) => m.parentMessageId === NIL_UUID)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const replyTo = (m: Message) => all.find((r) => r.parentMessageId === m.messageId)!;
    const [q1, q2] = [roots[0]!, roots[1]!];
    const [a1, a2] = [replyTo(q1), replyTo(q2)];

    // csv of the branch on screen: exact bytes, BOM first; the name sanitised.
    const csv = await exportAs(chat, { type: 'csv', filename: ' my/export:1? ', allBranches: false });
    expect(csv.name).toBe('myexport1.csv');
    expect(csv.bytes.toString('utf8')).toBe(`\uFEFF${[CSV_HEADER, csvRow(q2), csvRow(a2)].join('\r\n')}\r\n`);

    // json, every branch, sequential, with options: the messages in reading order.
    const json = await exportAs(chat, {
      type: 'json',
      filename: 'all',
      includeOptions: true,
      allBranches: true,
      recursive: false,
    });
    expect(json.name).toBe('all.json');
    const doc = JSON.parse(json.bytes.toString('utf8'));
    expect(doc.conversationId).toBe(conversationId);
    expect(doc.title).toBe(conversation.title);
    expect(doc.endpoint).toBe(conversation.endpoint);
    expect(doc.options.model).toBe(conversation.model);
    expect(doc.messages).toEqual([q1, a1, q2, a2]);

    // json recursive without options: the tree, replies under children.
    const tree = JSON.parse(
      (await exportAs(chat, { type: 'json', includeOptions: false, recursive: true })).bytes.toString('utf8'),
    );
    expect(tree.options).toBeUndefined();
    expect(tree.messages).toEqual([
      { ...q1, children: [{ ...a1, children: [] }] },
      { ...q2, children: [{ ...a2, children: [] }] },
    ]);

    // Markdown starts with the conversation: each turn under the user's name or the model that wrote it.
    const md = (
      await exportAs(chat, { type: 'markdown', filename: 'notes', includeOptions: false, allBranches: false })
    ).bytes.toString('utf8');
    expect(a2.model).toBeTruthy();
    expect(md).toBe(
      `# ${conversation.title}\n\n**Grace Hopper**\n\n${q2.text}\n\n**${a2.model}**\n\n${a2.text}\n`,
    );

    const txt = (
      await exportAs(chat, { type: 'text', filename: 'plain', includeOptions: false })
    ).bytes.toString('utf8');
    expect(txt).toBe(`${conversation.title}\n\nGrace Hopper:\n${q2.text}\n\n${a2.model}:\n${a2.text}\n`);

    // The choices are remembered: the dialog opens on text again.
    await openMenu(page);
    await page.getByTestId('open-export').click();
    expect(await page.getByTestId('export-type').inputValue()).toBe('text');
    await page.keyboard.press('Escape');
    await page.getByTestId('export-dialog').waitFor({ state: 'detached' });

    const png = await exportAs(chat, { type: 'screenshot', filename: 'shot' });
    expect(png.name).toBe('shot.png');
    if (process.env.EXPORT_SHOTS)
      await writeFile(`${process.env.EXPORT_SHOTS}/export-capture.png`, png.bytes);
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.bytes.length).toBeGreaterThan(5_000);
    // Height at offset 16 (IHDR): the capture holds the messages, taller than a line.
    expect(png.bytes.readUInt32BE(20)).toBeGreaterThan(100);

    await chat.context.close();
  });

  it('the screenshot holds the whole branch, not only the rows the virtualised log has in the page', async () => {
    const chat = await openChat({ height: 500 });
    for (let i = 1; i <= 8; i += 1) {
      await send(chat, `Question ${i} ${sim({ reply: `Answer ${i}.\n\nA second paragraph.` })}`);
      await settled(chat);
    }
    const conversationId = URL_ID.exec(chat.page.url())![1]!;
    await poll(async () => (await messagesOf(chat.page, conversationId)).length).toBe(16);
    const rendered = await chat.articles.count();
    expect(rendered).toBeLessThan(16);
    const png = await exportAs(chat, { type: 'screenshot', filename: 'long' });
    if (process.env.EXPORT_SHOTS) await writeFile(`${process.env.EXPORT_SHOTS}/export-long.png`, png.bytes);
    // As tall as the whole log (its spacer's height, partly estimated for rows never shown), not the rows in the page.
    const logHeight = await chat.page
      .locator('[role="log"] > div')
      .first()
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(png.bytes.readUInt32BE(20)).toBeGreaterThan(logHeight * 0.85);
    // Afterwards the log is virtualised again.
    await poll(() => chat.articles.count()).toBe(rendered);
    await chat.context.close();
  }, 180_000); // eight replies, then a capture of the whole log: minutes on a busy two-core machine

  it('the dialog in Chinese on a phone: usable, options following the type, no axe violations', async () => {
    const chat = await openChat({ locale: 'zh-CN', width: 390, height: 844 }, '消息');
    const { page } = chat;
    // The helpers' button names are English; here the Chinese ones.
    await chat.box.fill(`你好 ${sim({ reply: '你好！有什么可以帮你？' })}`);
    await poll(() => page.getByRole('button', { name: '发送消息' }).isEnabled()).toBe(true);
    await chat.box.press('Enter');
    await page.waitForURL(URL_ID);
    await poll(() => page.getByRole('button', { name: '停止生成' }).count()).toBe(0);
    await page.getByRole('button', { name: '展开侧边栏' }).click();
    await openMenu(page);
    await page.getByTestId('open-export').click();
    const dialog = page.getByTestId('export-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('export-type').selectOption('screenshot');
    expect(await dialog.getByTestId('export-include-options').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('export-recursive').isDisabled()).toBe(true);
    await dialog.getByTestId('export-type').selectOption('json');
    expect(await dialog.getByTestId('export-include-options').isDisabled()).toBe(false);
    expect(await dialog.getByTestId('export-recursive').isDisabled()).toBe(false);
    await dialog.getByTestId('export-type').selectOption('csv');
    expect(await dialog.getByTestId('export-include-options').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('export-all-branches').isDisabled()).toBe(false);
    await animationsDone(page);
    if (process.env.EXPORT_SHOTS)
      await page.screenshot({ path: `${process.env.EXPORT_SHOTS}/export-phone-zh.png` });
    if (process.env.EXPORT_SHOTS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await animationsDone(page);
      await page.screenshot({ path: `${process.env.EXPORT_SHOTS}/export-desktop-zh.png` });
    }
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="export-dialog"]').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
    await chat.context.close();
  });

  it('in Chinese on a phone, then a desktop: the Markdown starts with the conversation; settings off by default, in Chinese and last when asked', async () => {
    const chat = await openChat({ locale: 'zh-CN', width: 390, height: 844, name: '张三' }, '消息');
    const { page } = chat;
    const conversationId = await sendZh(
      chat,
      `你好 ${sim({ reply: '你好！有什么可以帮你？' })}`,
      '有什么可以帮你',
    );
    const all = await messagesOf(page, conversationId);
    const q = all.find((m) => m.isCreatedByUser)!;
    const a = all.find((m) => !m.isCreatedByUser)!;
    // The title is generated after the reply: wait for it on the server, then on the page, which exports what it shows.
    const titleOf = async () =>
      (await apiFromPage<Conversation>(page, `/api/convos/${conversationId}`)).body.title;
    await poll(titleOf, 15_000).not.toBe('New Chat');
    const conversation = (await apiFromPage<Conversation>(page, `/api/convos/${conversationId}`)).body;
    await poll(() => page.title(), 15_000).toContain(conversation.title);

    // A browser that never exported: the settings box is unticked.
    await openMenu(page);
    await page.getByTestId('open-export').click();
    const dialog = page.getByTestId('export-dialog');
    await dialog.getByTestId('export-type').selectOption('markdown');
    expect(await dialog.getByTestId('export-include-options').isChecked()).toBe(false);
    expect(await dialog.getByText('附上模型与参数设置（放在末尾）').count()).toBe(1);
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('export-md-dialog-phone-zh.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const conversationPart = `# ${conversation.title}\n\n**张三**\n\n${q.text}\n\n**${a.model}**\n\n${a.text}`;
    const plain = await exportAs(chat, { type: 'markdown', filename: '我的对话' });
    expect(plain.name).toBe('我的对话.md');
    const plainText = plain.bytes.toString('utf8');
    await writeFile(artifactPath('export-zh.md'), plainText);
    expect(plainText).toBe(`${conversationPart}\n`);

    const withOptions = (await exportAs(chat, { type: 'markdown', includeOptions: true })).bytes.toString(
      'utf8',
    );
    await writeFile(artifactPath('export-zh-options.md'), withOptions);
    expect(withOptions.startsWith(`${conversationPart}\n\n---\n\n## 模型与参数\n\n`)).toBe(true);
    expect(withOptions).toContain(
      `| 参数 | 取值 |\n| --- | --- |\n| 服务商 | OpenAI |\n| 模型 | ${conversation.model} |\n`,
    );
    expect(withOptions).not.toMatch(/Option|Value|\| endpoint \||\| model \|/);

    // Ticked once, remembered; and the dialog on a desktop.
    await page.setViewportSize({ width: 1280, height: 800 });
    await openMenu(page);
    await page.getByTestId('open-export').click();
    expect(await page.getByTestId('export-include-options').isChecked()).toBe(true);
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('export-md-dialog-desktop-zh.png') });
    await chat.context.close();
  });

  it('in Chinese on a phone and a desktop: the picture keeps wide code and tables whole, wrapped, with no scrollbar', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `value_${i}`).join(' + ');
    const url = 'https://example.com/a/very/long/path/that/never/breaks/on/its/own';
    const reply = [
      '代码如下：',
      '',
      '```js',
      `const total = ${long};`,
      '```',
      '',
      '| 名称 | 地址 | 备注 |',
      '|---|---|---|',
      `| 第一项 | ${url} | ${url}/2 |`,
      '',
      '完毕。',
    ].join('\n');
    for (const view of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const chat = await openChat({ locale: 'zh-CN', ...view }, '消息');
      const { page } = chat;
      await sendZh(chat, `宽代码 ${sim({ reply })}`, '完毕。');
      const rows = page.locator('[data-message-rows]');
      // On screen the code and the table scroll sideways in their own boxes.
      const overflow = (capturing: boolean) =>
        rows.evaluate((el, on) => {
          if (on) el.setAttribute('data-export-capture', '');
          const widths = [...el.querySelectorAll('.md-code pre, .md-table')].map(
            (box) => box.scrollWidth - box.clientWidth,
          );
          el.removeAttribute('data-export-capture');
          return widths;
        }, capturing);
      const onScreen = await overflow(false);
      expect(onScreen).toHaveLength(2);
      expect(onScreen.every((w) => w > 100)).toBe(true);
      await page.screenshot({ path: artifactPath(`export-wide-screen-${view.width}.png`) });
      const before = await rows.evaluate((el) => ({
        width: (el as HTMLElement).offsetWidth,
        height: el.scrollHeight,
      }));

      const png = await exportAs(chat, { type: 'screenshot', filename: 'wide' });
      await writeFile(artifactPath(`export-wide-${view.width}.png`), png.bytes);
      // As wide as the log, and taller than on screen: the long line and the addresses wrap onto more lines.
      expect(png.bytes.readUInt32BE(16)).toBe(before.width);
      expect(png.bytes.readUInt32BE(20)).toBeGreaterThan(before.height + 60);
      // While it is drawn nothing scrolls: no box is wider inside than outside.
      expect(await overflow(true)).toEqual([0, 0]);
      await chat.context.close();
    }
  });
});
