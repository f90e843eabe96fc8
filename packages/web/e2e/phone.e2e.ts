import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import type { Conversation } from '@parley/shared';
import { LONG_REPLY, openChat, poll, send, settled, sim, URL_ID, useChatBrowser } from './chat.test-helpers';
import { e2eServerEnv } from './global-setup';
import { apiFromPage, signedInPage } from './session.test-helpers';

// The chat at phone size, 390x844 (docs/decisions.md "Everyday chat (phone)").
useChatBrowser();
const PHONE = { width: 390, height: 844 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** The boxes of every line of text in the message log that is on screen. */
function textLines(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const log = document.querySelector('[role="log"]')!;
    const view = log.getBoundingClientRect();
    const lines: Box[] = [];
    const walker = document.createTreeWalker(log, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        // Only what shows: the part inside the log's view.
        const top = Math.max(r.top, view.top);
        const bottom = Math.min(r.bottom, view.bottom);
        if (bottom > top && r.width > 0)
          lines.push({ x: r.left, y: top, width: r.width, height: bottom - top });
      }
    }
    return lines;
  });
}

describe('the chat on a phone, with a long model name', () => {
  // A real OpenAI model with a long name, first in the list so a new chat uses it.
  const MODEL = 'gpt-4o-mini-search-preview-2025-03-11';
  let server: ServerProcess;
  let browser: Browser;
  beforeAll(async () => {
    const env = e2eServerEnv('http://127.0.0.1:9', mkdtempSync(join(tmpdir(), 'parley-phone-')));
    server = await startServer({ ...env, OPENAI_MODELS: `${MODEL},gpt-4` });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function phonePage(): Promise<Page> {
    const context = await newContext(browser, PHONE);
    const { page } = await signedInPage(context, server.baseUrl, { tag: 'phone' });
    await poll(() => page.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder')).toBe(
      `Message ${MODEL}`,
    );
    return page;
  }

  it('has a two-row header (title, then the controls) whose buttons do not overlap; a tap on Presets opens Presets', async () => {
    const page = await phonePage();
    const header = page.locator('header').first();
    const buttons = await header.getByRole('button').all();
    expect(buttons.length).toBeGreaterThanOrEqual(5);
    const boxes = await Promise.all(buttons.map(boxOf));
    for (const [i, a] of boxes.entries()) {
      expect(a.x + a.width).toBeLessThanOrEqual(PHONE.width);
      for (const b of boxes.slice(i + 1)) expect(intersects(a, b)).toBe(false);
    }
    expect((await boxOf(header)).height).toBeLessThan(100);
    // What a tap at the middle of Presets hits is Presets, not the Files panel button.
    const presets = await boxOf(header.getByRole('button', { name: 'Presets', exact: true }));
    await page.mouse.click(presets.x + presets.width / 2, presets.y + presets.height / 2);
    await page.getByRole('dialog', { name: 'Presets' }).waitFor();
    expect(await page.getByTestId('files-panel-toggle').getAttribute('aria-expanded')).toBe('false');
    await page.screenshot({ path: artifactPath('phone-header.png') });
    await page.context().close();
  });

  it('shows the whole hint of the empty message box', async () => {
    const page = await phonePage();
    const box = page.getByRole('textbox', { name: 'Message' });
    await poll(() => box.evaluate((el: HTMLTextAreaElement) => el.scrollHeight - el.clientHeight)).toBe(0);
    await page.screenshot({ path: artifactPath('phone-hint.png') });
    await page.context().close();
  });
});

describe('the chat on a phone', () => {
  /** Every button of the top bar: its accessible name, its tooltip, and whether it shows only an icon. */
  const headerButtons = (page: Page) =>
    page
      .getByTestId('top-bar')
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.map((b) => ({
          label: b.getAttribute('aria-label'),
          tooltip: b.getAttribute('title'),
          iconOnly: !b.textContent?.trim(),
        })),
      );

  it("in Chinese: the header shows the chat's title, and each of its icons has a name and a tooltip (desktop too)", async () => {
    const chat = await openChat({ locale: 'zh-CN', ...PHONE }, '消息');
    const { page } = chat;
    const title = page.getByTestId('header-title');
    expect(await title.innerText()).toBe('新对话');
    await chat.box.fill(`你好 ${sim({ reply: '你好！有什么可以帮你？' })}`);
    await poll(() => page.getByRole('button', { name: '发送消息' }).isEnabled()).toBe(true);
    await chat.box.press('Enter');
    await page.waitForURL(URL_ID);
    const conversationId = URL_ID.exec(page.url())![1]!;
    await poll(
      async () => (await apiFromPage<Conversation>(page, `/api/convos/${conversationId}`)).body.title,
      15_000,
    ).not.toBe('New Chat');
    const { title: named } = (await apiFromPage<Conversation>(page, `/api/convos/${conversationId}`)).body;
    await poll(() => title.innerText()).toBe(named);
    // In the header's first row, between the sidebar toggle and New chat, above the model menu.
    const [toggle, newChat, menu] = await Promise.all([
      boxOf(page.getByRole('button', { name: '展开侧边栏' })),
      boxOf(page.getByRole('button', { name: '新对话' })),
      boxOf(page.getByTestId('endpoint-menu')),
    ]);
    const at = await boxOf(title);
    expect(at.x).toBeGreaterThanOrEqual(toggle.x + toggle.width);
    expect(at.x + at.width).toBeLessThanOrEqual(newChat.x);
    expect(at.y + at.height).toBeLessThanOrEqual(menu.y);

    const phone = await headerButtons(page);
    expect(phone.length).toBeGreaterThanOrEqual(6);
    for (const button of phone) {
      expect(button.tooltip, JSON.stringify(button)).toBeTruthy();
      if (button.iconOnly) expect(button.label).toBe(button.tooltip);
    }
    expect(phone.map((b) => b.tooltip)).toEqual(
      expect.arrayContaining([
        '展开侧边栏',
        '新对话',
        '对话设置',
        '预设',
        expect.stringContaining('gpt-3.5-turbo'),
      ]),
    );
    await page.screenshot({ path: artifactPath('phone-header-title-zh.png') });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('conversation-header-title').waitFor();
    const desktop = await headerButtons(page);
    expect(desktop.length).toBeGreaterThanOrEqual(4);
    for (const button of desktop) {
      expect(button.tooltip, JSON.stringify(button)).toBeTruthy();
      if (button.iconOnly) expect(button.label).toBe(button.tooltip);
    }
    await page.screenshot({ path: artifactPath('desktop-header-zh.png') });
    await chat.context.close();
  });

  it('names the model once: no sticky header repeating the top bar', async () => {
    const chat = await openChat(PHONE);
    await send(chat, `Hello ${sim({ reply: 'Hi there.' })}`);
    await settled(chat);
    await chat.lastArticle().getByText('Hi there.').waitFor();
    expect(await chat.page.locator('header').first().getByText('gpt-3.5-turbo').count()).toBe(1);
    expect(await chat.page.getByTestId('conversation-header').isVisible()).toBe(false);
    await chat.context.close();
  });

  it('closes the drawer when a dialog opens from it', async () => {
    const chat = await openChat(PHONE);
    const { page } = chat;
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('open-settings').click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await poll(() => page.getByTestId('nav').count()).toBe(0);
    await page.screenshot({ path: artifactPath('phone-settings.png') });
    await chat.context.close();
  });

  it('keeps the scroll-to-bottom button off the text', async () => {
    const chat = await openChat(PHONE);
    const { page } = chat;
    const long = Array.from({ length: 6 }, () => LONG_REPLY).join(' ');
    await send(chat, `Tell me a story ${sim({ reply: long, rate: 2000 })}`);
    await settled(chat);
    await send(chat, `Another ${sim({ reply: long, rate: 2000 })}`);
    await settled(chat);
    const log = page.getByRole('log');
    const button = page.getByRole('button', { name: 'Scroll to bottom' });
    const height = await log.evaluate((el) => el.scrollHeight - el.clientHeight);
    for (const share of [0, 0.25, 0.5, 0.7]) {
      await log.evaluate((el, top) => el.scrollTo({ top }), Math.round(height * share));
      await button.waitFor();
      const at = await boxOf(button);
      const lines = await textLines(page);
      expect(lines.length).toBeGreaterThan(5);
      expect(lines.filter((line) => intersects(line, at))).toEqual([]);
    }
    await page.screenshot({ path: artifactPath('phone-scroll-button.png') });
    await chat.context.close();
  });

  it('shows a toast where it does not cover Send', async () => {
    const chat = await openChat(PHONE);
    const { page } = chat;
    await send(chat, `Hello ${sim({ reply: 'Hi there.' })}`);
    await settled(chat);
    // A copy that fails (the clipboard and the selection copy both refused) raises an error toast.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
      document.execCommand = () => false;
    });
    await page.getByRole('button', { name: 'Copy' }).last().click();
    const toast = page.locator('[data-severity="error"]');
    await toast.waitFor();
    await animationsSettled(page);
    const sendBox = await boxOf(page.getByRole('button', { name: 'Send message' }));
    expect(intersects(await boxOf(toast), sendBox)).toBe(false);
    await page.screenshot({ path: artifactPath('phone-toast.png') });
    await chat.context.close();
  });
});

async function animationsSettled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}
