import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Assistant, Conversation } from '@parley/shared';
import { animationsDone, artifactPath, newContext } from './browser.test-helpers';
import { openBuilder } from './assistants.test-helpers';
import {
  createAssistant,
  forecastAction,
  HANDBOOK,
  poll,
  recordAssistantCalls,
  type KnowledgeText,
} from './assistants-chat.test-helpers';
import { URL_ID } from './chat.test-helpers';
import { apiFromPage, signedInPage } from './session.test-helpers';

// The page side of assistants-chat.e2e.ts: a signed-in chat with an assistant chosen in the builder, sending and
// waiting, the steps and sources of a reply, screenshots and axe.

export const PHONE = { width: 390, height: 844 };

export async function violations(page: Page, scope = '[role="log"]'): Promise<string[]> {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function shot(page: Page, name: string): Promise<void> {
  await animationsDone(page);
  await page.screenshot({ path: artifactPath(`assistants-chat-${name}.png`) });
}

export interface AssistantChat {
  page: Page;
  assistant: Assistant;
  box: Locator;
  articles: Locator;
  lastReply: () => Locator;
  calls: ReturnType<typeof recordAssistantCalls>;
  close: () => Promise<void>;
}

/**
 * A user with the assistant, on a new chat with it chosen by the builder's Select (the side panel shows from 768 px:
 * a phone chooses it at a desktop's width, then narrows).
 */
export async function openAssistantChat(
  where: { browser: Browser; baseUrl: string; siteUrl: string },
  tag: string,
  view: {
    locale?: string;
    colorScheme: 'light' | 'dark';
    phone?: boolean;
    actions?: Array<Record<string, unknown>>;
    files?: KnowledgeText[];
  },
): Promise<AssistantChat> {
  const context = await newContext(where.browser, { locale: view.locale, colorScheme: view.colorScheme });
  const { page } = await signedInPage(context, where.baseUrl, { tag });
  page.setDefaultTimeout(15_000);
  const files = view.files ?? [HANDBOOK];
  const assistant = await createAssistant(page, {
    actions: view.actions ?? [forecastAction(where.siteUrl)],
    files,
  });
  const panel = await openBuilder(page);
  await panel.getByTestId('assistant-select').selectOption(assistant.id);
  await poll(() => panel.getByTestId('assistant-name').inputValue()).toBe('Data helper');
  // The builder's file list says when each knowledge file is indexed: retrieval finds it from then on.
  for (const file of files) {
    const row = panel.getByTestId('knowledge-files').locator('li', { hasText: file.name });
    await poll(() => row.locator('[data-status]').getAttribute('data-status'), 60_000).toBe('ready');
  }
  await panel.getByTestId('assistant-use').click();
  if (view.phone) await toPhone(page);
  const box = page.getByRole('textbox', { name: view.locale === 'zh-CN' ? '消息' : 'Message', exact: true });
  const articles = page.locator('[role="log"] article');
  const calls = recordAssistantCalls(page);
  return {
    page,
    assistant,
    box,
    articles,
    lastReply: () => articles.last(),
    calls,
    close: () => context.close(),
  };
}

/** Narrows the page to a phone's width and closes the sidebar the desktop had open (on a phone it covers the chat). */
export async function toPhone(page: Page): Promise<void> {
  await page.setViewportSize(PHONE);
  await page
    .getByRole('button', { name: /^(Close sidebar|收起侧边栏)$/ })
    .first()
    .click();
  await poll(() => page.getByTestId('nav').isVisible()).toBe(false);
}

export const stopButton = (page: Page) => page.getByRole('button', { name: /^(Stop generating|停止生成)$/ });

/** Sends `text` and waits until its reply has ended. */
export async function sendAndSettle(chat: AssistantChat, text: string): Promise<void> {
  await poll(() => chat.box.isEnabled()).toBe(true);
  await chat.box.fill(text);
  const before = await chat.articles.count();
  await poll(() => chat.page.getByRole('button', { name: /^(Send message|发送消息)$/ }).isEnabled()).toBe(
    true,
  );
  await chat.box.press('Enter');
  await poll(() => chat.articles.count()).toBeGreaterThanOrEqual(before + 2);
  await poll(() => stopButton(chat.page).count(), 60_000).toBe(0);
}

export const step = (reply: Locator, kind: string) =>
  reply.locator(`[data-testid="tool-step"][data-kind="${kind}"]`);
export const stepButton = (s: Locator) => s.getByRole('button').first();

/** The conversation on screen, as the server keeps it. */
export async function conversationOf(page: Page): Promise<Conversation> {
  await page.waitForURL(URL_ID);
  const id = URL_ID.exec(page.url())![1]!;
  return (await apiFromPage<Conversation>(page, `/api/convos/${id}`)).body;
}

/** Nothing is wider than the screen; the page does not scroll sideways. */
export async function expectNoOverflow(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const rights = await page
    .locator('[data-testid="tool-step"], [data-testid="tool-step"] pre, [data-testid="reply-sources"]')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
  for (const right of rights) expect(right).toBeLessThanOrEqual(width);
}

/**
 * Waits until the new conversation's title is on screen (asked for 2.5 s after its first reply): the reply is drawn
 * again then, which closes the steps opened before it, so a test opens them after.
 */
export async function titled(page: Page, title: string): Promise<void> {
  await poll(() => page.title(), 30_000).toContain(title);
}

/**
 * The reply's Sources box names the one file its retrieval found, and its line opens by the keyboard to the passage.
 */
export async function expectSources(reply: Locator, filename: string, passage: string): Promise<void> {
  const sources = reply.getByTestId('reply-sources');
  await poll(() => sources.locator('summary').allInnerTexts()).toEqual([`1.\n${filename}`]);
  const line = sources.locator('summary').first();
  await line.focus();
  await line.press('Enter');
  await poll(() => sources.locator('details').first().getAttribute('open')).toBe('');
  expect(await sources.locator('details li').first().innerText()).toContain(passage);
}
