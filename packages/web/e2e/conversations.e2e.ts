import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { animationsDone, artifactPath } from './browser.test-helpers';
import {
  askFromPage,
  conversationIdIn,
  PAGE_SIZE,
  titlesFromApi,
  nav,
  items,
  item,
  scrollToAll,
  now,
  hasMonth,
  EXPECTED_GROUPS,
  spreadDates,
  groupHeadings,
} from './conversations.test-helpers';
import { UNICORN, TOTAL, seededAccount, type SeededAccount } from './conversations-seed.test-helpers';

// The sidebar list, rename, delete with undo, and the error badge; search is in conversation-search.e2e.ts.

const baseUrl = inject('baseUrl');

let account: SeededAccount;
let context: BrowserContext;
let ids: Map<string, string>;
const signIn = (ctx: BrowserContext, path?: string): Promise<Page> => account.signIn(ctx, path);

beforeAll(async () => {
  account = await seededAccount(baseUrl, 'convos');
  ({ context, ids } = account);
}, 120_000);

afterAll(async () => {
  await account?.close();
});

describe('sidebar conversation list', () => {
  it('loads 25 per page and the rest by infinite scroll, until the last page', async () => {
    const page = await signIn(context);
    const pagesAsked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/convos') pagesAsked.push(url.searchParams.get('pageNumber') ?? '');
    });
    await page.reload();
    await expect.poll(() => items(page).count()).toBe(PAGE_SIZE);
    await scrollToAll(page, TOTAL);
    const titles = await items(page).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(new Set(titles).size).toBe(TOTAL);
    // Pages 1..3, each once: no request past the last page.
    await page.waitForTimeout(1000);
    expect(pagesAsked).toEqual(['1', '2', '3']);
    // Each item links to its conversation and shows the endpoint mark.
    const unicorn = item(page, UNICORN);
    expect(await unicorn.getByRole('link').getAttribute('href')).toBe(`/c/${ids.get(UNICORN)}`);
    expect(await unicorn.locator('[data-endpoint="openAI"]').count()).toBe(1);
    await page.close();
  });

  it('groups by date under headings, newest first, in the interface language', async () => {
    const page = await signIn(context);
    await spreadDates(page);
    await page.reload();
    await scrollToAll(page, TOTAL);
    expect(await groupHeadings(page)).toEqual(EXPECTED_GROUPS);
    await page.getByTestId('conversation-list').evaluate((el) => {
      el.scrollTop = 0;
    });
    await page.screenshot({ path: artifactPath('convos-sidebar-groups.png') });

    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await page.reload();
    await scrollToAll(page, TOTAL);
    const zh = await groupHeadings(page);
    expect(zh.slice(0, 4)).toEqual(['今天', '昨天', '过去 7 天', '过去 30 天']);
    if (hasMonth) expect(zh[4]).toBe('一月');
    expect(zh.at(-1)).toBe(`${now.getFullYear() - 1}年`);
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await page.close();
  });

  it('highlights the open conversation', async () => {
    const id = ids.get(UNICORN)!;
    const page = await signIn(context, `/c/${id}`);
    await expect.poll(() => item(page, UNICORN).getByRole('link').getAttribute('aria-current')).toBe('page');
    expect(await nav(page).locator('a[aria-current="page"]').count()).toBe(1);
    await item(page, 'Seed chat 60').getByRole('link').click();
    await page.waitForURL(new RegExp(`/c/${ids.get('Seed chat 60')}$`));
    // The highlight follows the conversation store, which takes the new id one render after the URL.
    await expect.poll(() => item(page, UNICORN).getByRole('link').getAttribute('aria-current')).toBeNull();
    await page.close();
  });

  it('the sticky header names the open conversation, not the model the top bar already shows', async () => {
    const page = await signIn(context, `/c/${ids.get(UNICORN)}`);
    const header = page.getByTestId('conversation-header');
    await expect.poll(() => header.textContent()).toBe(UNICORN);
    await item(page, 'Seed chat 59').getByRole('link').click();
    await expect.poll(() => header.textContent()).toBe('Seed chat 59');
    await page.close();
  });
});

describe('rename', () => {
  it('saves on Enter and keeps the new title after a reload; Escape cancels', async () => {
    const page = await signIn(context);
    const updates: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/convos/update')) updates.push(r.postData() ?? '');
    });
    await item(page, 'Seed chat 60').getByRole('button', { name: 'Rename' }).click();
    const input = nav(page).getByRole('textbox', { name: 'Chat title' });
    await expect.poll(() => input.inputValue()).toBe('Seed chat 60');
    await input.press('Escape');
    await item(page, 'Seed chat 60').waitFor();
    expect(updates).toEqual([]);

    await item(page, 'Seed chat 60').getByRole('button', { name: 'Rename' }).click();
    await input.fill('Renamed trip plan');
    await input.press('Enter');
    await item(page, 'Renamed trip plan').waitFor();
    await expect.poll(() => updates.length).toBe(1);
    expect(JSON.parse(updates[0]!)).toEqual({
      arg: { conversationId: ids.get('Seed chat 60'), title: 'Renamed trip plan' },
    });

    // Unchanged text (Enter or blur) sends nothing.
    await item(page, 'Renamed trip plan').getByRole('button', { name: 'Rename' }).click();
    await input.press('Enter');
    await item(page, 'Renamed trip plan').waitFor();
    await page.waitForTimeout(300);
    expect(updates).toHaveLength(1);

    await page.reload();
    await item(page, 'Renamed trip plan').waitFor();
    expect(await item(page, 'Seed chat 60').count()).toBe(0);
    await page.close();
  });

  it('saves on blur', async () => {
    const page = await signIn(context);
    await item(page, 'Seed chat 59').getByRole('button', { name: 'Rename' }).click();
    await nav(page).getByRole('textbox', { name: 'Chat title' }).fill('Blurred title');
    await page.getByRole('main').click();
    await item(page, 'Blurred title').waitFor();
    await page.reload();
    await item(page, 'Blurred title').waitFor();
    await page.close();
  });

  it('puts the old title back with an error toast when the rename fails', async () => {
    const page = await signIn(context);
    await page.route(
      (url) => url.pathname === '/api/convos/update',
      (route) => route.fulfill({ status: 500, json: { message: 'Server exploded' } }),
    );
    await item(page, 'Seed chat 58').getByRole('button', { name: 'Rename' }).click();
    await nav(page).getByRole('textbox', { name: 'Chat title' }).fill('Never saved');
    await nav(page).getByRole('textbox', { name: 'Chat title' }).press('Enter');
    await page
      .locator('[data-severity="error"]')
      .getByText('Failed to rename conversation', { exact: true })
      .waitFor();
    await item(page, 'Seed chat 58').waitFor();
    expect(await item(page, 'Never saved').count()).toBe(0);
    await page.close();
  });
});

describe('delete', () => {
  it('asks first; Cancel keeps the chat, Delete removes it, sent once the 6 s undo window is up', async () => {
    const page = await signIn(context, `/c/${ids.get('Seed chat 60')}`);
    await item(page, 'Seed chat 57').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete chat?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Seed chat 57');
    await page.screenshot({ path: artifactPath('convos-delete-dialog.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await item(page, 'Seed chat 57').waitFor();

    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/convos/clear')) sent.push(r.postData() ?? '');
    });
    await item(page, 'Seed chat 57').getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const deletedAt = Date.now();
    await item(page, 'Seed chat 57').waitFor({ state: 'detached' });
    await page.getByText('Chat deleted: Seed chat 57', { exact: true }).waitFor();
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('convos-undo-toast.png') });
    // Not the open conversation: the page stays where it was.
    expect(new URL(page.url()).pathname).toBe(`/c/${ids.get('Seed chat 60')}`);
    expect(sent).toEqual([]);
    await page.waitForResponse((r) => r.url().endsWith('/api/convos/clear'), { timeout: 10_000 });
    expect(Date.now() - deletedAt).toBeGreaterThan(5500);
    await page.getByRole('button', { name: 'Undo' }).waitFor({ state: 'detached' });
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toMatchObject({ arg: { conversationId: ids.get('Seed chat 57') } });
    await page.reload();
    await item(page, 'Seed chat 56').waitFor();
    expect(await item(page, 'Seed chat 57').count()).toBe(0);
    await page.close();
  });

  it('deleting the open conversation starts a new one; Undo brings it back and reopens it', async () => {
    const id = ids.get('Seed chat 56')!;
    const page = await signIn(context, `/c/${id}`);
    await item(page, 'Seed chat 56').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete chat?' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/c\/new$/);
    await item(page, 'Seed chat 56').waitFor({ state: 'detached' });
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    // The focus was not lost: the closing dialog put it in the new chat's message box, so Undo leaves it there (it
    // takes the focus only when a delete leaves none: docs/decisions.md, "Everyday chat (undo)").
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Message');
    await undo.click();
    await page.waitForURL(new RegExp(`/c/${id}$`));
    await item(page, 'Seed chat 56').waitFor();
    await page.locator('main').getByText('Seed chat 56').first().waitFor();
    await page.waitForTimeout(6500);
    await page.reload();
    await item(page, 'Seed chat 56').waitFor();
    expect(await titlesFromApi(page)).toContain('Seed chat 56');
    await page.close();
  });

  it('a reload within the undo window still sends the delete', async () => {
    const page = await signIn(context, `/c/${ids.get('Seed chat 56')}`);
    await item(page, 'Seed chat 56').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete chat?' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/c\/new$/);
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    await page.reload();
    await item(page, 'Seed chat 55').waitFor();
    await expect.poll(async () => (await titlesFromApi(page)).includes('Seed chat 56')).toBe(false);
    await page.reload();
    await item(page, 'Seed chat 55').waitFor();
    expect(await item(page, 'Seed chat 56').count()).toBe(0);
    await page.close();
  });
});

describe('error badge', () => {
  it("shows '!' on the open conversation when its latest message errored", async () => {
    const page = await signIn(context);
    const id = conversationIdIn(
      await askFromPage(page, '[[sim {"error":{"status":500,"kind":"server"}}]] Broken request'),
    );
    expect(id).toBeTruthy();
    await page.goto(`${baseUrl}/c/${id}`);
    const link = nav(page).locator(`a[href="/c/${id}"]`);
    await link.getByTestId('conversation-error-badge').waitFor();
    expect(await link.getByTestId('conversation-error-badge').textContent()).toContain('!');
    await page.screenshot({ path: artifactPath('convos-error-badge.png') });

    // A healthy conversation shows none.
    await item(page, UNICORN).getByRole('link').click();
    await page.waitForURL(new RegExp(`/c/${ids.get(UNICORN)}$`));
    await expect.poll(() => nav(page).getByTestId('conversation-error-badge').count()).toBe(0);
    await page.close();
  });
});
