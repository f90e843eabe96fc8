import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mergeFileConfig, toFileConfigAnswer, type FileConfigInput } from '@parley/shared';
import { launchBrowser, newContext } from './browser.test-helpers';
import { noisyPng, rowNames, seedFruits, seedImages, smallPng } from './my-files.test-helpers';
import { signedInPage } from './session.test-helpers';

const baseUrl = inject('baseUrl');
const TABLE = 'files-panel-table';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 50 });

async function openPanel(page: Page) {
  await page.getByRole('button', { name: 'Show files panel' }).click();
  const panel = page.getByRole('complementary', { name: 'Files' });
  await panel.waitFor();
  await poll(() => panel.locator('tbody tr[data-file-id]').count()).toBeGreaterThan(0);
  return panel;
}

const attachment = (page: Page, fileId: string) =>
  page.locator(`[data-testid="attachment"][data-file-id="${fileId}"]`);

/** Answers GET /api/files/config (sizes in MB) with the given YAML-style fileConfig, as an operator would set. */
async function fileConfig(page: Page, input: FileConfigInput) {
  await page.route('**/api/files/config', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(toFileConfigAnswer(mergeFileConfig(input))),
    }),
  );
}

describe('Files panel', () => {
  it('lists files by name and date, pages and filters them, attaches one on click, and opens My Files', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'panel' });
    const records = await seedFruits(page);
    const newestFirst = records.map((r) => r.filename).reverse();
    const panel = await openPanel(page);
    expect(await page.getByTestId('files-panel-toggle').getAttribute('aria-expanded')).toBe('true');
    // Opening the panel puts focus in its filter box.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Filter files by name',
    );

    // Name and Date only, the name column 75% of the width.
    expect((await panel.locator('thead th').allInnerTexts()).map((h) => h.trim())).toEqual(['Name', 'Date']);
    const [nameBox, tableBox] = await Promise.all([
      panel.locator('thead th').first().boundingBox(),
      panel.getByTestId(TABLE).boundingBox(),
    ]);
    expect(nameBox!.width / tableBox!.width).toBeCloseTo(0.75, 1);

    await poll(() => rowNames(page, TABLE)).toEqual(newestFirst.slice(0, 10));
    await panel.getByRole('button', { name: 'Next' }).click();
    await panel.getByRole('button', { name: 'Next' }).click();
    await poll(() => rowNames(page, TABLE)).toEqual(newestFirst.slice(20));
    expect(await panel.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await panel.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    expect(await panel.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect((await rowNames(page, TABLE))[0]).toBe('apple.png');

    await panel.getByRole('searchbox', { name: 'Filter files by name' }).fill('berry');
    await poll(() => rowNames(page, TABLE)).toEqual(['elderberry.png']);

    // A click on the row (here on its date cell) attaches the file, done, to the message box; once only.
    const elderberry = records.find((r) => r.filename === 'elderberry.png')!;
    await panel.locator(`tr[data-file-id="${elderberry.file_id}"] td`).nth(1).click();
    await attachment(page, elderberry.file_id).waitFor();
    expect(await attachment(page, elderberry.file_id).getAttribute('data-progress')).toBe('1');
    await panel.locator(`tr[data-file-id="${elderberry.file_id}"] td`).nth(1).click();
    expect(await page.getByTestId('attachment').count()).toBe(1);

    // Keyboard: the name cell is a button.
    await panel.getByRole('searchbox', { name: 'Filter files by name' }).fill('kiwi');
    const kiwi = records.find((r) => r.filename === 'kiwi.png')!;
    await panel.getByRole('button', { name: 'Attach kiwi.png to the message' }).focus();
    await page.keyboard.press('Enter');
    await attachment(page, kiwi.file_id).waitFor();
    expect(await page.getByTestId('attachment').count()).toBe(2);

    await panel.getByRole('button', { name: 'Manage files' }).click();
    const dialog = page.getByRole('dialog', { name: 'My Files' });
    await dialog.waitFor();
    // Deleting an attached file there takes it out of the message box too.
    await dialog.getByRole('searchbox', { name: 'Filter files by name' }).fill('kiwi');
    await dialog.getByRole('checkbox', { name: 'Select kiwi.png' }).check();
    await dialog.getByTestId('delete-files').click();
    await dialog.getByTestId('delete-files-confirm').getByRole('button', { name: 'Delete' }).click();
    await attachment(page, kiwi.file_id).waitFor({ state: 'detached' });
    expect(await attachment(page, elderberry.file_id).count()).toBe(1);
    await poll(() => rowNames(page, TABLE)).toEqual([]);
    // Escape closes the dialog also once the success toast is up (a toast is the newest Radix layer and took
    // Escape, so the dialog stayed open; only an Escape within the toast's 100 ms opening delay closed it).
    await page.locator('[data-severity="success"]', { hasText: 'Files deleted (1).' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Escape in the panel (with an empty filter) closes it, and focus returns to the top bar button.
    await panel.getByRole('searchbox', { name: 'Filter files by name' }).fill('');
    await panel.getByRole('searchbox', { name: 'Filter files by name' }).focus();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'files-panel-toggle',
    );
    await context.close();
  });

  it("refuses a file over the endpoint's size limit, naming the limit and the endpoint", async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'panel-size' });
    const [big] = await seedImages(page, [
      { name: 'noise.png', bytes: await noisyPng(300, 300), width: 300, height: 300 },
    ]);
    expect(big!.bytes).toBeGreaterThan(0.25 * 1024 * 1024);
    await fileConfig(page, { endpoints: { default: { fileSizeLimit: 0.25 } } });
    await page.reload();
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Attach noise.png to the message' }).click();
    await page.getByText(/^File size limit exceeded for endpoint: openAI \(0\.25 MB\)$/).waitFor();
    expect(await page.getByTestId('attachment').count()).toBe(0);
    await context.close();
  });

  it('refuses a type the endpoint does not support, naming the type and the endpoint', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'panel-type' });
    await seedImages(page, [{ name: 'red.png', bytes: await smallPng(), width: 64, height: 48 }]);
    await fileConfig(page, { endpoints: { default: { supportedMimeTypes: ['^image/jpeg$'] } } });
    await page.reload();
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Attach red.png to the message' }).click();
    await page.getByText('Unsupported file type for endpoint openAI: image/png', { exact: true }).waitFor();
    expect(await page.getByTestId('attachment').count()).toBe(0);
    await context.close();
  });

  it('needs an endpoint to attach', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'panel-noendpoint' });
    await seedImages(page, [{ name: 'red.png', bytes: await smallPng(), width: 64, height: 48 }]);
    // An operator with no endpoint configured: the new chat has none.
    await page.route('**/api/endpoints', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
    );
    await page.reload();
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Attach red.png to the message' }).click();
    await page
      .getByText('Cannot attach the file: select an endpoint first, or start a new chat.', { exact: true })
      .waitFor();
    expect(await page.getByTestId('attachment').count()).toBe(0);
    await context.close();
  });

  it('covers the chat at phone width and closes after attaching; hideSidePanel removes it', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const { page } = await signedInPage(context, baseUrl, { tag: 'panel-phone' });
    const [red] = await seedImages(page, [
      { name: 'red.png', bytes: await smallPng(), width: 64, height: 48 },
    ]);
    const panel = await openPanel(page);
    const box = (await panel.boundingBox())!;
    expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, 390, 844]);
    await panel.getByRole('button', { name: 'Attach red.png to the message' }).click();
    await panel.waitFor({ state: 'detached' });
    await attachment(page, red!.file_id).waitFor();

    // Settings > General "hide the right-most side panel": the button and the panel go.
    await page.evaluate(() => localStorage.setItem('hideSidePanel', 'true'));
    await page.reload();
    await page.locator('main').waitFor();
    await page.getByRole('button', { name: 'Open sidebar' }).waitFor();
    expect(await page.getByTestId('files-panel-toggle').count()).toBe(0);
    await context.close();
  });
});
