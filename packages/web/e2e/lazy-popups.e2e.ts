import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, trackRequests } from './browser.test-helpers';
import { poll } from './chat.test-helpers';
import { signedInPage } from './session.test-helpers';

// The header's and the sidebar's menus and the settings popover fetch their code when the user goes for them, not
// with the page, and open on the first press all the same: click, Enter, or a retry after a failed fetch (docs/performance.md, web-initial-js).

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The scripts the page fetched, by file name. */
function scriptsOf(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith('.js')) names.push(path.split('/').pop()!);
  });
  return names;
}

/** Whether `file` is the chunk named `name` (`user-menu-<hash>.js`), not another whose name starts alike (`user-menu-button-…`). */
const isChunk = (name: string) => (file: string) => new RegExp(`^${name}[\\w-]{8}\\.js$`).test(file);

const userMenu = (page: Page) => page.getByTestId('user-menu');
const menu = (page: Page) => page.getByRole('menu');

async function freshChat(): Promise<{ page: Page; scripts: string[] }> {
  await context?.close();
  context = await newContext(browser);
  const { page } = await signedInPage(context, baseUrl, { tag: 'lazy-menus' });
  const scripts = scriptsOf(page);
  const requests = trackRequests(page);
  await page.reload();
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await requests.idle();
  return { page, scripts };
}

describe('menus and popovers loaded on demand', () => {
  it('the user menu: not fetched with the page; opens on the first click', async () => {
    const { page, scripts } = await freshChat();
    expect(scripts.some(isChunk('user-menu-'))).toBe(false);
    await userMenu(page).click();
    await menu(page).getByRole('menuitem', { name: 'Settings' }).waitFor();
    expect(scripts.some(isChunk('user-menu-'))).toBe(true);
    expect(await userMenu(page).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await poll(() => menu(page).count()).toBe(0);
    // From then on it is the real menu: a second click opens it again.
    await userMenu(page).click();
    await menu(page).waitFor();
  });

  it('the user menu from the keyboard: Enter opens it on its first item, arrows move, Escape gives the focus back', async () => {
    const { page } = await freshChat();
    await userMenu(page).focus();
    await page.keyboard.press('Enter');
    await menu(page).waitFor();
    // As the menu's own trigger does from the keyboard: the first item has the focus, and the arrows move it.
    const focusedItem = () =>
      page.evaluate(() =>
        document.activeElement?.getAttribute('role') === 'menuitem'
          ? document.activeElement.textContent
          : null,
      );
    // No balance kept, nothing for sale and no VIP mirror on this server: Invite cash-back comes first.
    await poll(focusedItem).toBe('Invite cash-back');
    await page.keyboard.press('ArrowDown');
    await poll(focusedItem).toBe('Help & FAQ');
    await page.keyboard.press('Escape');
    await poll(() => menu(page).count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'user-menu',
    );
  });

  it('the model menu: not fetched with the page; the first click opens it with the models of the endpoint', async () => {
    const { page, scripts } = await freshChat();
    expect(scripts.some(isChunk('endpoint-menu-'))).toBe(false);
    await page.getByTestId('endpoint-menu').click();
    await menu(page).getByText('Endpoints').waitFor();
    expect(scripts.some(isChunk('endpoint-menu-'))).toBe(true);
    expect(await page.getByTestId('endpoint-menu').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await poll(() => menu(page).count()).toBe(0);
  });

  it('a failed fetch leaves the button as it was, and the next press tries again', async () => {
    const { page } = await freshChat();
    await page.route(/\/assets\/user-menu-[\w-]{8}\.js$/, (route) => route.abort());
    const failed = page.waitForEvent('requestfailed', (r) => r.url().includes('/user-menu-'));
    await userMenu(page).click();
    await failed;
    // Busy while the code is on its way, then the button as it was.
    await poll(() => userMenu(page).getAttribute('aria-busy')).toBe(null);
    expect(await userMenu(page).getAttribute('aria-expanded')).toBe('false');
    expect(await menu(page).count()).toBe(0);
    await page.unroute(/\/assets\/user-menu-[\w-]{8}\.js$/);
    await userMenu(page).click();
    await menu(page).getByRole('menuitem', { name: 'Settings' }).waitFor();
  });

  it.each([
    ['settings popover', 'Conversation settings', 'options-popover-'],
    ['presets menu', 'Presets', 'presets-menu-'],
  ])('the %s: not fetched with the page; opens on the first click, and on Enter', async (_, name, chunk) => {
    const { page, scripts } = await freshChat();
    const button = page.getByRole('button', { name, exact: true });
    const popover = page.getByRole('dialog', { name, exact: true });
    expect(scripts.some(isChunk(chunk))).toBe(false);
    await button.click();
    await popover.waitFor();
    expect(scripts.some(isChunk(chunk))).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });

    const fresh = await freshChat();
    await fresh.page.getByRole('button', { name, exact: true }).focus();
    await fresh.page.keyboard.press('Enter');
    await fresh.page.getByRole('dialog', { name, exact: true }).waitFor();
  });
});
