import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Message } from '@parley/shared';
import { artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { apiFromPage, signedInPage } from './session.test-helpers';

// Helpers of the chat specs (chat.e2e.ts, chat-errors.e2e.ts).

const baseUrl = inject('baseUrl');
let browser: Browser;

/** One browser for the calling spec file, opened before its tests and closed after. */
export function useChatBrowser(): void {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());
}

/** A `[[sim …]]` directive: the simulator answers the message as scripted. */
export const sim = (script: Record<string, unknown>) => `[[sim ${JSON.stringify(script)}]]`;
/** expect.poll with a short interval (the chat changes in tens of milliseconds). */
export function poll<T>(fn: () => Promise<T> | T, timeout = 10_000): ReturnType<typeof expect.poll<T>> {
  return expect.poll(fn, { timeout, interval: 50 });
}

export const URL_ID = /\/c\/([0-9a-f-]{36})$/;
export const WORDS = Array.from({ length: 36 }, (_, i) => `word${i + 1}`);
export const LONG_REPLY = `${WORDS.join(' ')}.`;

export interface Chat {
  page: Page;
  context: BrowserContext;
  box: Locator;
  articles: Locator;
  lastArticle: () => Locator;
}

export async function openChat(
  options: {
    locale?: string;
    width?: number;
    height?: number;
    colorScheme?: 'light' | 'dark';
    /** The new user's display name (default Grace Hopper). */
    name?: string;
  } = {},
  boxName = 'Message',
): Promise<Chat> {
  const { name, ...view } = options;
  const context = await newContext(browser, view);
  const pageErrors: string[] = [];
  context.on('weberror', (error) => pageErrors.push(error.error().message));
  context.on('requestfailed', (request) =>
    pageErrors.push(`${request.url()} failed: ${request.failure()?.errorText}`),
  );
  context.on('response', (response) => {
    if (response.status() >= 400) pageErrors.push(`${response.url()} answered ${response.status()}`);
  });
  const { page } = await signedInPage(context, baseUrl, { tag: 'chat', ...(name ? { name } : {}) });
  const chat = chatOn(page, context, boxName);
  await chat.box.waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
    throw await whyNoMessageBox(page, error, pageErrors);
  });
  return chat;
}

/** The chat of a page already signed in (a spec with a server of its own). */
export function chatOn(page: Page, context: BrowserContext, boxName = 'Message'): Chat {
  const box = page.getByRole('textbox', { name: boxName, exact: true });
  const articles = page.locator('[role="log"] article');
  return { page, context, box, articles, lastArticle: () => articles.last() };
}

/** What the page showed instead of the message box: its address, text, errors and a screenshot. */
async function whyNoMessageBox(page: Page, error: unknown, pageErrors: string[]): Promise<Error> {
  const shot = artifactPath(`no-message-box-${Date.now()}.png`);
  await page.screenshot({ path: shot }).catch(() => undefined);
  const text = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch(() => '(unreadable)');
  return new Error(
    [
      `The message box did not appear (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
      `at ${page.url()}; screenshot ${shot}`,
      `page errors and failed requests: ${pageErrors.join(' | ') || 'none'}`,
      `page text: ${text.replace(/\s+/g, ' ').slice(0, 600)}`,
    ].join('\n'),
  );
}

export async function send(chat: Chat, text: string): Promise<void> {
  await poll(() => chat.box.isEnabled()).toBe(true);
  await chat.box.fill(text);
  // Send waits for the endpoint list (a new chat gets its endpoint from it).
  await poll(() => chat.page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
  await chat.box.press('Enter');
}

/** Waits for the reply in flight to end (the Stop button gone) and answers the conversation id in the URL. */
export async function settled(chat: Chat, timeout = 15_000): Promise<string> {
  await poll(() => chat.page.getByRole('button', { name: 'Stop generating' }).count(), timeout).toBe(0);
  await chat.page.waitForURL(URL_ID);
  return URL_ID.exec(chat.page.url())![1]!;
}

export const messagesOf = async (page: Page, conversationId: string) =>
  (await apiFromPage<Message[]>(page, `/api/messages/${conversationId}`)).body;
