import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { newContext } from './browser.test-helpers';
import { e2eServerEnv } from './global-setup';
import { apiFromPage, signedInPage } from './session.test-helpers';

// Helpers of tool-steps.e2e.ts: a server whose Plugins endpoint offers gpt-4o (the shared e2e server lists no model
// of that name), a stand-in for OpenAI's images API behind the DALL-E tool, and a zh-CN user on a Plugins chat with
// tools chosen.

/** expect.poll with a short interval: the chat changes in tens of milliseconds. */
export function poll<T>(fn: () => Promise<T> | T, timeout = 15_000): ReturnType<typeof expect.poll<T>> {
  return expect.poll(fn, { timeout, interval: 50 });
}

/**
 * A stand-in for OpenAI's images API: every request gets the PNG the browser test set (base64), as `b64_json`. While
 * `hold()`'s gate is shut, answers wait for it: a drawing that is still running when the test acts.
 */
export interface FakeImages {
  url: string;
  png: string;
  /** Requests seen so far. */
  requests: number;
  /** Holds the next answers until the function it returns is called. */
  hold: () => () => void;
  close: () => Promise<void>;
}

export async function startFakeImages(): Promise<FakeImages> {
  let gate: Promise<void> = Promise.resolve();
  const fake: FakeImages = {
    url: '',
    png: '',
    requests: 0,
    hold: () => {
      let open!: () => void;
      gate = new Promise<void>((resolve) => (open = resolve));
      return open;
    },
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    fake.requests += 1;
    req.resume();
    req.on('end', () => {
      void gate.then(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: [{ b64_json: fake.png, revised_prompt: 'a teal square' }] }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fake images API has no port');
  fake.url = `http://127.0.0.1:${address.port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/**
 * A server on the shared simulator whose Plugins endpoint offers gpt-4o, with DALL-E set up by the operator, and any
 * further settings in `env`.
 */
export function startToolServer(
  simUrl: string,
  imagesUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  return startServer({
    ...e2eServerEnv(simUrl, mkdtempSync(join(tmpdir(), 'parley-e2e-tools-'))),
    PLUGIN_MODELS: 'gpt-4o',
    DALLE3_API_KEY: 'sk-e2e-dalle',
    DALLE_REVERSE_PROXY: imagesUrl,
    ...env,
  });
}

export interface ToolChat {
  page: Page;
  box: Locator;
  articles: Locator;
  lastReply: () => Locator;
  close: () => Promise<void>;
}

/**
 * A zh-CN user who installed `tools` through the API, on a new chat of the Plugins endpoint with gpt-4o and those
 * tools chosen in the tool picker.
 */
export async function toolChat(
  browser: Browser,
  baseUrl: string,
  view: { width: number; height: number; colorScheme: 'light' | 'dark' },
  tools: Array<{ key: string; name: string }>,
): Promise<ToolChat> {
  const context = await newContext(browser, { locale: 'zh-CN', ...view });
  const { page } = await signedInPage(context, baseUrl, { tag: 'tools' });
  page.setDefaultTimeout(15_000);
  for (const { key } of tools) {
    const installed = await apiFromPage(page, '/api/user/plugins', {
      method: 'POST',
      json: { pluginKey: key, action: 'install' },
    });
    expect(installed.status).toBe(200);
  }
  // The page read the user (and so the installed plugins) when it opened.
  await page.reload();
  await page.getByTestId('endpoint-menu').click();
  await page.getByRole('menuitem', { name: /^插件/ }).click();
  await page.getByRole('menuitemradio', { name: 'gpt-4o', exact: true }).click();
  await poll(() => page.getByTestId('endpoint-menu').textContent()).toContain('插件 · gpt-4o');
  await page.getByRole('button', { name: '对话设置' }).click();
  const settings = page.getByRole('dialog', { name: '对话设置' });
  await settings
    .getByTestId('tool-picker')
    .getByRole('button', { name: /^插件 / })
    .click();
  for (const { name } of tools) {
    const item = page.getByRole('menuitemcheckbox', { name });
    await item.click();
    await poll(() => item.getAttribute('aria-checked')).toBe('true');
  }
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await settings.waitFor({ state: 'detached' });
  const box = page.getByRole('textbox', { name: '消息', exact: true });
  const articles = page.locator('[role="log"] article');
  return { page, box, articles, lastReply: () => articles.last(), close: () => context.close() };
}

/** Sends `text` and waits until its reply has ended (the Stop button gone). */
export async function sendAndSettle(chat: ToolChat, text: string): Promise<void> {
  await poll(() => chat.box.isEnabled()).toBe(true);
  await chat.box.fill(text);
  await poll(() => chat.page.getByRole('button', { name: '发送消息' }).isEnabled()).toBe(true);
  const before = await chat.articles.count();
  await chat.box.press('Enter');
  // The question and its reply are on the page, then the reply ends.
  await poll(() => chat.articles.count()).toBeGreaterThanOrEqual(before + 2);
  await poll(() => chat.page.getByRole('button', { name: '停止生成' }).count()).toBe(0);
}

/** A PNG drawn by the page: what the fake images API answers. */
export function drawPng(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#0f766e';
    g.fillRect(0, 0, 320, 200);
    g.fillStyle = '#f0fdfa';
    g.fillRect(110, 50, 100, 100);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
}

/** `[[sim …]]`: the simulator answers as scripted, step by step of the tool loop. */
export const sim = (script: Record<string, unknown>) => `[[sim ${JSON.stringify(script)}]]`;

/** Whether `first` comes before `second` in the page. */
export async function comesBefore(first: Locator, second: Locator): Promise<boolean> {
  const handle = await second.elementHandle();
  return first.evaluate(
    (a, b) => Boolean(a.compareDocumentPosition(b!) & Node.DOCUMENT_POSITION_FOLLOWING),
    handle,
  );
}
