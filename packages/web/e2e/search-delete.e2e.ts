import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser.test-helpers';
import { poll } from './chat.test-helpers';
import { item, seed, titlesFromApi } from './conversations.test-helpers';
import { signedInPage } from './session.test-helpers';

// A chat deleted while search results show leaves the results at once, comes back on Undo, and stays out once the
// delete is sent (docs/reference/conversations.md (Deleting and clearing)).

const baseUrl = inject('baseUrl');
const CHATS = ['Zebra crossing rules', 'Zebra stripes explained'];

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  ({ page } = await signedInPage(context, baseUrl, { tag: 'search-delete' }));
  expect((await seed(page, CHATS)).filter(Boolean)).toHaveLength(2);
  // Titles are written in the background after each first reply.
  const deadline = Date.now() + 30_000;
  while ((await titlesFromApi(page)).includes('New Chat') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 300));
  }
  expect(new Set(await titlesFromApi(page))).toEqual(new Set(CHATS));
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const groups = () => page.getByTestId('search-page').getByTestId('search-result-group');
/** Each result group's title (its first link). */
const resultTitles = () =>
  groups().evaluateAll((gs) => gs.map((g) => g.querySelector('a')?.textContent ?? ''));

async function deleteFromSidebar(title: string) {
  await item(page, title).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete chat?' }).getByRole('button', { name: 'Delete' }).click();
}

describe('search results and deletes', () => {
  it('hide a chat deleted from the sidebar at once, bring it back on Undo, and keep it out after the delete', async () => {
    await page.goto(`${baseUrl}/search/Zebra`);
    await poll(() => groups().count()).toBe(2);

    await deleteFromSidebar(CHATS[0]!);
    await poll(() => resultTitles()).toEqual([CHATS[1]]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await poll(async () => (await resultTitles()).sort()).toEqual([...CHATS].sort());

    let sent = false;
    const cleared = page.waitForResponse(
      (r) => {
        // Set as the response is seen, so the search asked for next is known to come after the delete.
        if (r.url().endsWith('/api/convos/clear')) sent = true;
        return sent;
      },
      { timeout: 15_000 },
    );
    // The results are asked for again once the delete is sent: the server no longer has the chat either.
    const refetched = page.waitForResponse((r) => sent && r.url().includes('/api/search?'), {
      timeout: 15_000,
    });
    await deleteFromSidebar(CHATS[0]!);
    await poll(() => resultTitles()).toEqual([CHATS[1]]);
    // Every title shown from here on, to catch the chat coming back for a moment while its delete is sent.
    const seen = new Set<string>();
    const watch = setInterval(() => {
      void resultTitles().then(
        (titles) => titles.forEach((title) => seen.add(title)),
        () => undefined,
      );
    }, 20);
    await cleared;
    await refetched;
    await poll(() => resultTitles()).toEqual([CHATS[1]]);
    clearInterval(watch);
    expect([...seen]).toEqual([CHATS[1]]);
    await page.reload();
    await poll(() => groups().count()).toBe(1);
    expect(await resultTitles()).toEqual([CHATS[1]]);
  });
});
