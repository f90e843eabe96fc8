import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { artifactPath, launchBrowser, newContext, uniqueEmail } from './browser.test-helpers';
import { signedInPage as signIn } from './session.test-helpers';
import { startServer, type ServerProcess } from '@parley/server/testing';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function signedInPage(context: BrowserContext, origin = baseUrl): Promise<Page> {
  return (await signIn(context, origin, { tag: 'shell' })).page;
}

describe('web shell behaviour', () => {
  it('sends a signed-in user away from /login to /c/new, and titles the page with the app title', async () => {
    const context = await newContext(browser);
    const page = await signedInPage(context);
    await page.goto(`${baseUrl}/login`);
    await page.waitForURL(/\/c\/new$/);
    await expect.poll(() => page.title()).toBe('Parley');
    await context.close();
  });

  it('arrives compressed: the page and its scripts and styles come as the build made them, gzip or brotli', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path === '/login' || /\.(js|css)$/.test(path)) responses.push(response);
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    const sent = await Promise.all(
      responses.map(async (response) => ({
        path: new URL(response.url()).pathname,
        bytes: (await response.body()).length,
        encoding: response.headers()['content-encoding'] ?? 'none',
      })),
    );
    // The build compresses what is over 1 KB (smaller files gain nothing), so those must arrive compressed.
    const large = sent.filter((file) => file.bytes > 1024);
    expect(large.length).toBeGreaterThan(5);
    expect(large.filter((file) => !['gzip', 'br'].includes(file.encoding))).toEqual([]);
    expect(large.map((file) => file.path)).toContain('/login');
    await context.close();
  });

  it('keeps the query string when an unauthenticated visit is sent to /login', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${baseUrl}/c/new?utm=abc`);
    await page.waitForURL(/\/login\?utm=abc$/);
    // About 300 ms after the failed check, never instantly.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await context.close();
  });

  it('switches language at once without a reload, and remembers it under `lang`', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByLabel('Language').selectOption('zh-CN');
    await page.getByRole('heading', { name: '欢迎回来' }).waitFor();
    // Same document: nothing reloaded.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zh-CN');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    await page.reload();
    await page.getByRole('heading', { name: '欢迎回来' }).waitFor();
    await context.close();
  });

  it('persists the dark theme under `color-theme` across a reload; system follows the OS', async () => {
    const context = await newContext(browser, { colorScheme: 'dark' });
    const page = await signedInPage(context);
    // System (the default) follows the OS preference, which is dark here.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    // Theme and language live in Settings > General, opened from the user menu.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByLabel('Theme').selectOption('light');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('color-theme'))).toBe('light');
    await page.reload();
    await page.getByTestId('chat-heading').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await context.close();
  });

  it('logout clears the stored conversation, model, tools and files-to-delete keys', async () => {
    const context = await newContext(browser);
    const page = await signedInPage(context);
    await page.evaluate(() => {
      for (const key of [
        'lastConversationSetup',
        'lastSelectedModel',
        'lastSelectedTools',
        'filesToDelete',
      ]) {
        localStorage.setItem(key, '{"x":1}');
      }
      localStorage.setItem('lang', 'en-US');
    });
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login$/);
    const left = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(left).toEqual(['lang']);
    await context.close();
  });

  it('works at phone width: the sidebar opens over the chat and holds the user menu', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await signedInPage(context);
    await page.screenshot({ path: artifactPath('chat-shell-390.png') });
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await page.getByTestId('user-menu').waitFor();
    const box = await page.getByTestId('nav').boundingBox();
    expect(box?.width).toBe(320);
    await page.screenshot({ path: artifactPath('chat-shell-390-nav.png') });
    await context.close();
  });
});

describe('sign-in errors', () => {
  let limited: ServerProcess;
  beforeAll(async () => {
    limited = await startServer({ LOGIN_MAX: '2' });
  });
  afterAll(async () => limited?.stop());

  it('shows the rate-limit message once the login limit is passed', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${limited.baseUrl}/login`);
    const email = uniqueEmail('limited');
    for (let i = 0; i < 3; i += 1) {
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('wrong password 123');
      await page.getByRole('button', { name: /^Continue$/ }).click();
      await page.getByRole('alert').first().waitFor();
    }
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('Too many login attempts')]));
    await context.close();
  });
});
