import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { animationsDone, launchBrowser, newContext } from './browser.test-helpers';
import { signedInPage } from './session.test-helpers';

// The side panel right of the chat (docs/reference/settings-and-ui.md (Layout)): collapsed to a strip for a new user,
// opened at its default (at least 352 px), resized by its handle with the pointer or the keys, at most 40% of the row,
// collapsed back, and remembered across a reload; not shown on a phone nor when Settings hides it.

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 50 });
const handle = (page: Page) => page.getByTestId('side-panel-handle');
const strip = (page: Page) => page.getByTestId('side-panel-strip');
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
/** The side panel's width in pixels: the row's last panel. */
const panelWidth = (page: Page) =>
  page.evaluate(() => document.getElementById('side-panel')!.getBoundingClientRect().width);
const rowWidth = (page: Page) =>
  page.evaluate(
    () => document.querySelector('[data-testid="side-panel-row"]')!.getBoundingClientRect().width,
  );

async function expectNoViolations(page: Page, scope: string) {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('side panel', () => {
  it('opens from the strip, resizes within its limits, collapses, and is remembered across a reload', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'side-panel' });
    // A new user: the strip, marked for them, and nothing stored yet but what the first layout wrote.
    await strip(page).waitFor();
    expect(await page.getByTestId('side-panel-new').count()).toBe(1);
    expect(await stored(page, 'newUser')).toBeNull();
    const row = await rowWidth(page);
    expect(row).toBe(1280 - 260);
    // 3% of the row is under the strip's 52 px: the strip is 52 px.
    expect(Math.round(await panelWidth(page))).toBe(52);

    await page.getByRole('button', { name: 'Open the side panel' }).click();
    await page.getByRole('complementary', { name: 'Files' }).waitFor();
    // 20% of 1020 px is under the 352 px floor.
    await poll(async () => Math.round(await panelWidth(page))).toBe(352);
    expect(await stored(page, 'newUser')).toBe('false');
    expect(await stored(page, 'react-resizable-panels:collapsed')).toBe('false');
    expect(await stored(page, 'side:active-panel')).toBe('files');
    expect(await page.getByTestId('side-panel-new').count()).toBe(0);

    // Dragging the handle 200 px to the left stops at 40% of the row.
    const box = (await handle(page).boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x - 100, y, { steps: 5 });
    await page.mouse.move(box.x - 200, y, { steps: 5 });
    await page.mouse.up();
    await poll(async () => Math.round(await panelWidth(page))).toBe(Math.round(row * 0.4));
    await poll(() => stored(page, 'react-resizable-panels:layout')).toBe('[60,40]');

    // The arrow keys on the focused handle move it by 5% of the row.
    await handle(page).focus();
    await page.keyboard.press('ArrowRight');
    await poll(async () => Math.round(await panelWidth(page))).toBe(Math.round(row * 0.35));
    await poll(() => stored(page, 'react-resizable-panels:layout')).toBe('[65,35]');
    // Enter on the handle collapses the panel and opens it again at the same width.
    await page.keyboard.press('Enter');
    await strip(page).waitFor();
    await poll(async () => Math.round(await panelWidth(page))).toBe(52);
    await page.keyboard.press('Enter');
    await page.getByRole('complementary', { name: 'Files' }).waitFor();
    await poll(async () => Math.round(await panelWidth(page))).toBe(Math.round(row * 0.35));

    await page.reload();
    await page.getByRole('complementary', { name: 'Files' }).waitFor();
    await poll(async () => Math.round(await panelWidth(page))).toBe(Math.round(row * 0.35));
    expect(await page.getByRole('button', { name: 'Files', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // Collapse: the strip comes back with the focus on its Open button; the next open returns to the same width.
    await page.getByRole('button', { name: 'Collapse the side panel' }).click();
    await strip(page).waitFor();
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('side-panel-expand');
    expect(await stored(page, 'react-resizable-panels:collapsed')).toBe('true');
    await page.reload();
    await strip(page).waitFor();
    expect(Math.round(await panelWidth(page))).toBe(52);
    await page.getByRole('button', { name: 'Open the side panel' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('complementary', { name: 'Files' }).waitFor();
    await poll(async () => Math.round(await panelWidth(page))).toBe(Math.round(row * 0.35));
    await context.close();
  });

  it('collapses to the strip when dragged below its floor', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'side-panel-drag' });
    await page.getByRole('button', { name: 'Open the side panel' }).click();
    await poll(async () => Math.round(await panelWidth(page))).toBe(352);
    const box = (await handle(page).boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 200, y, { steps: 5 });
    await page.mouse.move(box.x + 330, y, { steps: 5 });
    await page.mouse.up();
    await strip(page).waitFor();
    await poll(async () => Math.round(await panelWidth(page))).toBe(52);
    await poll(() => stored(page, 'react-resizable-panels:collapsed')).toBe('true');
    await context.close();
  });

  it('the top bar Files button opens and closes the Files panel in the side panel', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'side-panel-files' });
    await page.getByRole('button', { name: 'Show files panel' }).click();
    await page.getByRole('complementary', { name: 'Files' }).waitFor();
    expect(await page.getByTestId('files-panel-toggle').getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Hide files panel' }).click();
    await strip(page).waitFor();
    expect(await page.getByRole('complementary', { name: 'Files' }).count()).toBe(0);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no axe violation, collapsed or open (${colorScheme})`, async () => {
      const context = await newContext(browser, { colorScheme });
      const { page } = await signedInPage(context, baseUrl, { tag: `side-panel-axe-${colorScheme}` });
      await strip(page).waitFor();
      await expectNoViolations(page, '#side-panel');
      await page.getByRole('button', { name: 'Open the side panel' }).click();
      await page.getByRole('complementary', { name: 'Files' }).waitFor();
      await expectNoViolations(page, '[data-testid="side-panel-row"]');
      await context.close();
    });
  }

  it('is not shown on a phone, whatever was remembered, nor when Settings hides it', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    await context.addInitScript(() => {
      localStorage.setItem('react-resizable-panels:layout', '[60,40]');
      localStorage.setItem('react-resizable-panels:collapsed', 'false');
    });
    const { page } = await signedInPage(context, baseUrl, { tag: 'side-panel-phone' });
    await page.getByRole('button', { name: 'Open sidebar' }).waitFor();
    expect(await handle(page).count()).toBe(0);
    expect(await page.locator('#side-panel').count()).toBe(0);
    // The chat takes the whole width.
    expect(Math.round((await page.locator('main').boundingBox())!.width)).toBe(390);

    // Wider than 767 px, the same user gets the panel as remembered.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('complementary', { name: 'Files' }).waitFor();
    await page.setViewportSize({ width: 767, height: 800 });
    await poll(() => page.locator('#side-panel').count()).toBe(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => localStorage.setItem('hideSidePanel', 'true'));
    await page.reload();
    await page.locator('main').waitFor();
    expect(await handle(page).count()).toBe(0);
    expect(await page.locator('#side-panel').count()).toBe(0);
    await context.close();
  });
});
