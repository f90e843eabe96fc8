import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { items, nav, searchBox, seed, titlesFromApi } from './conversations.test-helpers';
import { signedInPage } from './session.test-helpers';

// The conversation list by keyboard (docs/reference/settings-and-ui.md (Keyboard in the conversation list)): one tab
// stop for 120 conversations, arrows, Home and End inside, Enter opens, the row's buttons by ArrowRight, F2, Delete.

const baseUrl = inject('baseUrl');
const TOTAL = 120;
const TOPICS = Array.from({ length: TOTAL }, (_, i) => `Topic ${String(i + 1).padStart(3, '0')}`);

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  ({ page } = await signedInPage(context, baseUrl, { tag: 'list-keys' }));
  const created = await seed(page, TOPICS);
  expect(created.filter(Boolean)).toHaveLength(TOTAL);
  // Titles are written in the background after each first reply; the list is steady once all are in.
  const deadline = Date.now() + 60_000;
  while ((await titlesFromApi(page)).includes('New Chat') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
  }
  page.setDefaultTimeout(10_000);
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** expect.poll that waits long enough for a busy machine. */
const poll = <T>(fn: () => Promise<T> | T, timeout = 10_000) => expect.poll(fn, { timeout, interval: 50 });
interface Focus {
  /** The conversation of the row holding the focus. */
  row: string | null;
  tag: string;
  label: string | null;
  testId: string | null;
}
const focus = () =>
  page.evaluate((): Focus => {
    const el = document.activeElement as HTMLElement | null;
    return {
      row: el?.closest<HTMLElement>('[data-conversation-id]')?.dataset.conversationId ?? null,
      tag: el?.tagName.toLowerCase() ?? '',
      label: el?.getAttribute('aria-label') ?? null,
      testId: el?.dataset.testid ?? null,
    };
  });
/** The listed conversations' ids, in list order. */
const listedIds = () =>
  items(page).evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.conversationId!));
const press = async (key: string, times = 1) => {
  for (let i = 0; i < times; i += 1) await page.keyboard.press(key);
};
/** Whether the focused element lies within the list's visible area (focus scrolled it into view). */
const focusedInView = () =>
  page.evaluate(() => {
    const el = document.activeElement!.getBoundingClientRect();
    const list = document.querySelector('[data-testid="conversation-list"]')!.getBoundingClientRect();
    return el.top >= list.top && el.bottom <= list.bottom;
  });

async function openNewChat(): Promise<void> {
  await page.goto(`${baseUrl}/c/new`);
  await items(page).first().waitFor();
}

describe('the conversation list by keyboard', () => {
  it('is one tab stop: from the search box into the list, then straight to the user menu', async () => {
    await openNewChat();
    const first = (await listedIds())[0]!;
    // Each link but one is out of the tab order, and the row buttons are all out of it.
    expect(await nav(page).locator('[data-conversation-id] a[tabindex="0"]').count()).toBe(1);
    expect(await nav(page).locator('[data-conversation-id] button:not([tabindex="-1"])').count()).toBe(0);

    await searchBox(page).focus();
    await press('Tab');
    // No conversation is open on /c/new: the tab stop is the first one.
    expect(await focus()).toMatchObject({ row: first, tag: 'a' });
    await press('Tab');
    expect((await focus()).testId).toBe('user-menu');
    await press('Shift+Tab');
    expect(await focus()).toMatchObject({ row: first, tag: 'a' });
    await press('Shift+Tab');
    expect((await focus()).label).toBe('Search messages');
  });

  it('moves with the arrows, Home and End, across the pages loaded as it scrolls', async () => {
    await openNewChat();
    await searchBox(page).focus();
    await press('Tab');
    let ids = await listedIds();
    await press('ArrowDown', 3);
    expect((await focus()).row).toBe(ids[3]);
    await press('ArrowUp');
    expect((await focus()).row).toBe(ids[2]);
    await press('ArrowUp', 5);
    expect((await focus()).row).toBe(ids[0]);

    // End goes to the last loaded conversation; scrolling it into view loads the next page, and End again
    // goes further, until all 120 are listed and the focus is on the oldest.
    await expect
      .poll(
        async () => {
          await press('End');
          ids = await listedIds();
          return ids.length === TOTAL && (await focus()).row === ids[TOTAL - 1];
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe(true);
    expect(await focusedInView()).toBe(true);
    await press('ArrowDown');
    expect((await focus()).row).toBe(ids[TOTAL - 1]);
    await press('ArrowUp', 2);
    expect((await focus()).row).toBe(ids[TOTAL - 3]);
    expect(await focusedInView()).toBe(true);
    await page.screenshot({ path: artifactPath('conversation-list-keys.png') });

    await press('Home');
    expect((await focus()).row).toBe(ids[0]);
    expect(await focusedInView()).toBe(true);
    // Still one tab stop after moving: Tab leaves the list for the user menu, Shift+Tab comes back where it was.
    await press('ArrowDown', 4);
    await press('Tab');
    expect((await focus()).testId).toBe('user-menu');
    await press('Shift+Tab');
    expect((await focus()).row).toBe(ids[4]);
  });

  it('opens the focused conversation with Enter; the open one is the tab stop', async () => {
    await openNewChat();
    await searchBox(page).focus();
    await press('Tab');
    const ids = await listedIds();
    await press('ArrowDown', 2);
    await press('Enter');
    await page.waitForURL(`${baseUrl}/c/${ids[2]}`);
    await poll(() =>
      nav(page).locator(`[data-conversation-id="${ids[2]}"] a`).getAttribute('aria-current'),
    ).toBe('page');

    // A fresh page on that conversation: Tab from the search box lands on it, not on the first.
    await page.goto(`${baseUrl}/c/${ids[2]}`);
    await items(page).first().waitFor();
    await searchBox(page).focus();
    await press('Tab');
    expect(await focus()).toMatchObject({ row: ids[2], tag: 'a' });
  });

  it('reaches the row’s Rename, Share, Archive and Delete with ArrowRight; F2 renames and Delete asks first', async () => {
    await openNewChat();
    await searchBox(page).focus();
    await press('Tab');
    await press('ArrowDown');
    const row = (await focus()).row!;
    await press('ArrowRight');
    expect(await focus()).toMatchObject({ row, label: 'Rename' });
    await press('ArrowRight');
    expect(await focus()).toMatchObject({ row, label: 'Share' });
    await press('ArrowRight');
    expect(await focus()).toMatchObject({ row, label: 'Archive' });
    await press('ArrowRight');
    expect(await focus()).toMatchObject({ row, label: 'Delete' });
    await press('ArrowRight');
    expect((await focus()).label).toBe('Delete');
    // Up and down from a button go on to the neighbouring conversations' links.
    await press('ArrowDown');
    expect(await focus()).toMatchObject({ tag: 'a', row: (await listedIds())[2] });
    await press('ArrowUp');
    await press('ArrowRight');
    await press('ArrowLeft', 2);
    expect(await focus()).toMatchObject({ row, tag: 'a' });

    await press('F2');
    const field = nav(page).getByRole('textbox', { name: 'Chat title' });
    await field.waitFor();
    await field.fill('Renamed by keyboard');
    await press('Enter');
    await poll(() => focus()).toMatchObject({ row, tag: 'a' });
    await poll(() => nav(page).locator(`[data-conversation-id="${row}"]`).getAttribute('aria-label')).toBe(
      'Renamed by keyboard',
    );

    await press('Delete');
    const dialog = page.getByTestId('delete-conversation-dialog');
    await dialog.waitFor();
    // Arrow keys in the dialog stay in the dialog.
    await press('ArrowDown');
    expect(await dialog.isVisible()).toBe(true);
    await press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await poll(() => focus()).toMatchObject({ row, tag: 'a' });
    expect(await items(page).count()).toBeGreaterThan(0);
    expect(await nav(page).locator(`[data-conversation-id="${row}"]`).count()).toBe(1);
  });
});
