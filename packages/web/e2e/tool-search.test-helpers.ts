import type { Browser, Locator, Page } from 'playwright-core';
import { signedInPage } from './session.test-helpers';
import { poll } from './tool-steps.test-helpers';

// Helpers of tool-search.e2e.ts: an en-US user on a Plugins chat in a context that bypasses the page's CSP (so an
// injected handler would run), sending and reading tool steps.

export interface Chat {
  page: Page;
  /** Messages of dialogs (alert, confirm) the page opened: none may open. */
  dialogs: string[];
  articles: Locator;
  close: () => Promise<void>;
}

/** An en-US user on a new chat of the Plugins endpoint with gpt-4o, in a context that bypasses the page's CSP. */
export async function pluginsChat(
  browser: Browser,
  baseUrl: string,
  view: { width: number; height: number; colorScheme: 'light' | 'dark' },
): Promise<Chat> {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: view.width, height: view.height },
    colorScheme: view.colorScheme,
    bypassCSP: true,
  });
  const { page } = await signedInPage(context, baseUrl, { tag: 'search' });
  page.setDefaultTimeout(15_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByTestId('endpoint-menu').click();
  await page.getByRole('menuitem', { name: /^Plugins/ }).click();
  await page.getByRole('menuitemradio', { name: 'gpt-4o', exact: true }).click();
  await poll(() => page.getByTestId('endpoint-menu').textContent()).toContain('Plugins · gpt-4o');
  return { page, dialogs, articles: page.locator('[role="log"] article'), close: () => context.close() };
}

/** Sends `text` and waits until its reply has ended (the Stop button gone). */
export async function sendAndSettle(chat: Chat, text: string): Promise<Locator> {
  const box = chat.page.getByRole('textbox', { name: 'Message', exact: true });
  await poll(() => box.isEnabled()).toBe(true);
  await box.fill(text);
  await poll(() => chat.page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
  const before = await chat.articles.count();
  await box.press('Enter');
  await poll(() => chat.articles.count()).toBeGreaterThanOrEqual(before + 2);
  await poll(() => chat.page.getByRole('button', { name: 'Stop generating' }).count()).toBe(0);
  return chat.articles.last();
}

export const step = (reply: Locator) => reply.getByTestId('tool-step');

/** The reply's one step, ended, named as in English; then opened. */
export async function openDoneStep(reply: Locator, label: string): Promise<void> {
  await poll(() => step(reply).count()).toBe(1);
  await poll(() => step(reply).getAttribute('data-state')).toBe('done');
  const button = step(reply).getByRole('button');
  // The name is the store's (its list is fetched beside the chat): a page just loaded names the step by its key until
  // that list has come, so the label is awaited, not read once.
  await poll(() => button.textContent()).toBe(label);
  await button.click();
  await poll(() => button.getAttribute('aria-expanded')).toBe('true');
}
