import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { animationsDone, artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import {
  askFromPage,
  conversationIdIn,
  PAGE_SIZE,
  seed,
  titlesFromApi,
  nav,
  items,
  item,
  searchBox,
  scrollToAll,
  now,
  hasMonth,
  EXPECTED_GROUPS,
  spreadDates,
  groupHeadings,
} from './conversations.test-helpers';
import { PASSWORD, signedInPage } from './session.test-helpers';

const baseUrl = inject('baseUrl');
const SEEDED = Array.from({ length: 60 }, (_, i) => `Seed chat ${String(i + 1).padStart(2, '0')}`);
const UNICORN = 'The unicorn galloped across the meadow';
const CHINESE = '今天天气很好适合散步';
const TOTAL = SEEDED.length + 2;

let browser: Browser;
let context: BrowserContext;
let email: string;
/** conversationId by title, for the seeded conversations. */
const ids = new Map<string, string>();

async function signIn(ctx: BrowserContext, path = '/c/new'): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(`${baseUrl}/login`);
  const status = await page.evaluate(
    async ([email, password]) =>
      (
        await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        })
      ).status,
    [email, PASSWORD] as const,
  );
  expect(status).toBe(200);
  await page.goto(`${baseUrl}${path}`);
  await page.locator('main').waitFor();
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  const signed = await signedInPage(context, baseUrl, { tag: 'convos' });
  email = signed.email;
  const replies = [...SEEDED, UNICORN, CHINESE];
  const created = await seed(signed.page, replies);
  replies.forEach((reply, i) => ids.set(reply, created[i]!));
  expect(created.filter(Boolean)).toHaveLength(TOTAL);
  // Titles are written in the background after each first reply; wait until all are in.
  const deadline = Date.now() + 30_000;
  while ((await titlesFromApi(signed.page)).includes('New Chat') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(new Set(await titlesFromApi(signed.page))).toEqual(new Set(replies));
  await signed.page.close();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
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
    // The focus was not lost: the new chat put it in its message box, as a new chat does, so Undo leaves it there
    // (it takes the focus only when a delete leaves none: docs/decisions.md, "Everyday chat (undo)").
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

describe('search', () => {
  it('navigates to /search/{query} 350 ms after typing stops and lists matches by conversation', async () => {
    const p = await signIn(context, `/c/${ids.get('Seed chat 01')}`);
    await p.clock.install();
    await p.reload();
    await searchBox(p).waitFor();
    await p.clock.pauseAt(Date.now() + 60_000);
    await searchBox(p).fill('unicorn');
    await p.clock.runFor(340);
    expect(new URL(p.url()).pathname).toBe(`/c/${ids.get('Seed chat 01')}`);
    await p.clock.runFor(20);
    await p.waitForURL(/\/search\/unicorn$/);
    await p.clock.resume();

    const results = p.getByTestId('search-page');
    const title = results.getByRole('link', { name: UNICORN, exact: true });
    await title.waitFor();
    expect(await title.getAttribute('href')).toBe(`/c/${ids.get(UNICORN)}`);
    expect(await results.getByTestId('search-result-group').count()).toBe(1);
    const marks = await results.locator('[data-testid="search-hit"] mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((m) => m.toLowerCase() === 'unicorn')).toBe(true);
    expect(await results.getByRole('note').textContent()).toContain('Open a conversation to send a message');
    await p.screenshot({ path: artifactPath('convos-search-page.png') });
    await p.close();
  });

  it('finds a Chinese message with a two-character query, and says Nothing found for no match', async () => {
    const page = await signIn(context);
    await searchBox(page).fill('天气');
    await page.waitForURL(new RegExp(`/search/${encodeURIComponent('天气')}$`));
    const results = page.getByTestId('search-page');
    await results.getByRole('link', { name: CHINESE, exact: true }).waitFor();
    expect(await results.locator('mark').first().textContent()).toBe('天气');

    await searchBox(page).fill('zzqxwv');
    await page.waitForURL(/\/search\/zzqxwv$/);
    await results.getByText('Nothing found').waitFor();
    await page.close();
  });

  it('opening /search/{query} directly shows the results and the query in the box; /search/ goes to /c/new', async () => {
    const page = await signIn(context, '/search/Seed%20chat%2042');
    const results = page.getByTestId('search-page');
    await results.getByRole('link', { name: 'Seed chat 42', exact: true }).waitFor();
    expect(await searchBox(page).inputValue()).toBe('Seed chat 42');
    await page.goto(`${baseUrl}/search/`);
    await page.waitForURL(/\/c\/new$/);
    expect(await searchBox(page).inputValue()).toBe('');
    await page.close();
  });

  it('pages through many results by infinite scroll', async () => {
    const page = await signIn(context, '/search/seed');
    const results = page.getByTestId('search-page');
    await results.getByTestId('search-result-group').first().waitFor();
    // 60 seeded chats minus the two deleted; each has a matching title and messages, over several pages.
    await expect
      .poll(
        async () => {
          await results.getByTestId('search-scroll').evaluate((el) => {
            el.scrollTop = el.scrollHeight;
          });
          return results.getByTestId('search-result-group').count();
        },
        { timeout: 20_000, interval: 400 },
      )
      .toBe(SEEDED.length - 2);
    await page.close();
  });

  it('the clear button and Backspace on an empty box leave search for /c/new', async () => {
    const page = await signIn(context, '/search/unicorn');
    await page.getByTestId('search-page').getByRole('link', { name: UNICORN, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL(/\/c\/new$/);
    expect(await searchBox(page).inputValue()).toBe('');

    // With time stopped, the debounce cannot fire: only the Backspace rule can leave search.
    await page.goto(`${baseUrl}/search/unicorn`);
    await page.getByTestId('search-page').getByRole('link', { name: UNICORN, exact: true }).waitFor();
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await searchBox(page).fill('');
    expect(new URL(page.url()).pathname).toBe('/search/unicorn');
    await searchBox(page).press('Backspace');
    await page.waitForURL(/\/c\/new$/);
    await page.clock.resume();
    await page.close();
  });
});

describe('layouts', () => {
  it('phone: picking a chat closes the sidebar; screenshots of phone and dark', async () => {
    const phone = await newContext(browser, { width: 390, height: 844 });
    const page = await signIn(phone);
    await spreadDates(page);
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await item(page, 'Seed chat 55').waitFor();
    await page.screenshot({ path: artifactPath('convos-sidebar-390.png') });
    await item(page, 'Seed chat 55').getByRole('link').click();
    await page.waitForURL(new RegExp(`/c/${ids.get('Seed chat 55')}$`));
    await nav(page).waitFor({ state: 'detached' });
    // Enter searches at once and, on a phone, puts the sidebar away to show the results.
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await searchBox(page).fill('unicorn');
    await searchBox(page).press('Enter');
    await page.waitForURL(/\/search\/unicorn$/);
    await nav(page).waitFor({ state: 'detached' });
    await page.getByTestId('search-page').getByRole('link', { name: UNICORN, exact: true }).waitFor();
    await page.screenshot({ path: artifactPath('convos-search-390.png') });
    await phone.close();

    const dark = await newContext(browser, { colorScheme: 'dark' });
    const darkPage = await signIn(dark);
    await spreadDates(darkPage);
    await darkPage.reload();
    await item(darkPage, 'Seed chat 55').waitFor();
    await item(darkPage, 'Seed chat 54').hover();
    await darkPage.screenshot({ path: artifactPath('convos-sidebar-dark.png') });
    await darkPage.goto(`${baseUrl}/search/unicorn`);
    await darkPage.getByTestId('search-page').getByRole('link', { name: UNICORN, exact: true }).waitFor();
    await darkPage.screenshot({ path: artifactPath('convos-search-dark.png') });
    await dark.close();
  });
});
