import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { artifactPath, newContext } from './browser.test-helpers';
import { nav, item, searchBox, spreadDates } from './conversations.test-helpers';
import {
  SEEDED,
  UNICORN,
  CHINESE,
  seededAccount,
  type SeededAccount,
} from './conversations-seed.test-helpers';

// Search from the sidebar box and the /search page, and both layouts (phone, dark) over a seeded account.

const baseUrl = inject('baseUrl');

let account: SeededAccount;
let browser: SeededAccount['browser'];
let context: BrowserContext;
let ids: Map<string, string>;
const signIn = (ctx: BrowserContext, path?: string): Promise<Page> => account.signIn(ctx, path);

beforeAll(async () => {
  account = await seededAccount(baseUrl, 'convo-search');
  ({ browser, context, ids } = account);
}, 120_000);

afterAll(async () => {
  await account?.close();
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
    // 60 seeded chats; each has a matching title and messages, over several pages.
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
      .toBe(SEEDED.length);
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
