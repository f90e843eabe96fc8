import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { NIL_UUID, type Conversation, type Message } from '@parley/shared';
import type { Page } from 'playwright-core';
import { animationsDone } from './browser.test-helpers';
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

    const md = (
      await exportAs(chat, { type: 'markdown', filename: 'notes', includeOptions: true, allBranches: false })
    ).bytes.toString('utf8');
    expect(
      md.startsWith(
        `# ${conversation.title}\n\n| Option | Value |\n| --- | --- |\n| endpoint | ${conversation.endpoint} |`,
      ),
    ).toBe(true);
    expect(md).toContain(`**${q2.sender}**\n\n${q2.text}`);
    expect(md).not.toContain(q1.text);

    const txt = (
      await exportAs(chat, { type: 'text', filename: 'plain', includeOptions: false })
    ).bytes.toString('utf8');
    expect(txt).toBe(`${conversation.title}\n\n${q2.sender}:\n${q2.text}\n\n${a2.sender}:\n${a2.text}\n`);

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
  });

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
});
