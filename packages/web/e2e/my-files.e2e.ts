import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatFileSize, type FileRecord } from '@parley/shared';
import { launchBrowser, newContext } from './browser.test-helpers';
import { FRUITS, noisyPng, rowNames, seedFruits, seedImages, smallPng } from './my-files.test-helpers';
import { apiFromPage, signedInPage } from './session.test-helpers';

const baseUrl = inject('baseUrl');
const TABLE = 'my-files-table';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function openMyFiles(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'My Files' }).click();
  const dialog = page.getByRole('dialog', { name: 'My Files' });
  await dialog.waitFor();
  return dialog;
}

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 50 });
const byName = (a: string, b: string) => a.localeCompare(b);

describe('My Files', () => {
  it('pages by 10, sorts by name and date both ways, filters, and hides columns', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'myfiles' });
    const records = await seedFruits(page);
    const newestFirst = records.map((r) => r.filename).reverse();
    const dialog = await openMyFiles(page);
    const previous = dialog.getByRole('button', { name: 'Previous' });
    const next = dialog.getByRole('button', { name: 'Next' });
    const pageText = dialog.getByTestId('files-page');

    // Paging: the server's order (newest first), 10 rows a page, the buttons disabled at the ends.
    await poll(() => rowNames(page, TABLE)).toEqual(newestFirst.slice(0, 10));
    expect(await pageText.textContent()).toBe('Page 1 of 3');
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isEnabled()).toBe(true);
    await next.click();
    await poll(() => rowNames(page, TABLE)).toEqual(newestFirst.slice(10, 20));
    expect(await pageText.textContent()).toBe('Page 2 of 3');
    expect(await previous.isEnabled()).toBe(true);
    await next.click();
    await poll(() => rowNames(page, TABLE)).toEqual(newestFirst.slice(20));
    expect(await pageText.textContent()).toBe('Page 3 of 3');
    expect(await next.isDisabled()).toBe(true);
    await previous.click();
    await poll(() => rowNames(page, TABLE)).toEqual(newestFirst.slice(10, 20));

    // Sorting: header buttons, announced through aria-sort; a new sort starts again at page 1.
    const nameHeader = dialog.getByRole('columnheader', { name: 'Name' });
    const dateHeader = dialog.getByRole('columnheader', { name: 'Date' });
    expect(await nameHeader.getAttribute('aria-sort')).toBe('none');
    await nameHeader.getByRole('button').click();
    const alphabetical = [...FRUITS].sort(byName);
    await poll(() => rowNames(page, TABLE)).toEqual(alphabetical.slice(0, 10));
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await nameHeader.getByRole('button').click();
    await poll(() => rowNames(page, TABLE)).toEqual([...alphabetical].reverse().slice(0, 10));
    expect(await nameHeader.getAttribute('aria-sort')).toBe('descending');
    await next.click();
    await next.click();
    await poll(() => rowNames(page, TABLE)).toEqual([...alphabetical].reverse().slice(20));

    await dateHeader.getByRole('button').click();
    await poll(() => rowNames(page, TABLE)).toEqual(newestFirst.slice(0, 10));
    expect(await dateHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await nameHeader.getAttribute('aria-sort')).toBe('none');
    await dateHeader.getByRole('button').click();
    await poll(() => rowNames(page, TABLE)).toEqual([...newestFirst].reverse().slice(0, 10));
    expect(await dateHeader.getAttribute('aria-sort')).toBe('ascending');

    // Filtering by name (any case), with the page indicator following; nothing matching shows no results.
    const filter = dialog.getByRole('searchbox', { name: 'Filter files by name' });
    await filter.fill('AN');
    const matching = [...newestFirst].reverse().filter((n) => n.includes('an'));
    await poll(() => rowNames(page, TABLE)).toEqual(matching);
    expect(await pageText.textContent()).toBe('Page 1 of 1');
    expect(await next.isDisabled()).toBe(true);
    await filter.fill('durian');
    await dialog.getByText('No results.', { exact: true }).waitFor();
    expect(await rowNames(page, TABLE)).toEqual([]);
    await filter.fill('');
    await poll(() => rowNames(page, TABLE).then((r) => r.length)).toBe(10);

    // Column visibility: Size and Type go and come back; Name cannot be hidden.
    const headers = () => dialog.locator('thead th').allInnerTexts();
    expect((await headers()).map((h) => h.trim()).filter(Boolean)).toEqual(['Name', 'Date', 'Size', 'Type']);
    await dialog.getByTestId('files-columns').click();
    const menu = dialog.getByRole('group', { name: 'Columns' });
    const box = (name: string) => menu.getByRole('checkbox', { name });
    expect(await menu.getByRole('checkbox').count()).toBe(3);
    for (const name of ['Date', 'Size', 'Type']) expect(await box(name).isChecked()).toBe(true);
    await box('Type').uncheck();
    await box('Size').uncheck();
    await poll(async () => (await headers()).map((h) => h.trim()).filter(Boolean)).toEqual(['Name', 'Date']);
    expect(await dialog.getByText('< 0.01 MB').count()).toBe(0);
    await box('Size').check();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'files-columns',
    );
    await poll(async () => (await headers()).map((h) => h.trim()).filter(Boolean)).toEqual([
      'Name',
      'Date',
      'Size',
    ]);
    // Escape closed the menu, not the dialog; a second Escape closes the dialog.
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows sizes in MB with two decimals, and "< 0.01 MB" below that', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'myfiles-size' });
    const [big, small] = await seedImages(page, [
      { name: 'noise.png', bytes: await noisyPng(300, 200), width: 300, height: 200 },
      { name: 'dot.png', bytes: await smallPng('#00f'), width: 64, height: 48 },
    ]);
    const dialog = await openMyFiles(page);
    const sizeOf = (id: string) => dialog.locator(`tr[data-file-id="${id}"] td`).nth(3).textContent();
    await poll(() => sizeOf(big!.file_id)).toBe(formatFileSize(big!.bytes));
    expect(await sizeOf(big!.file_id)).toMatch(/^0\.\d\d MB$/);
    expect(big!.bytes).toBeGreaterThan(0.1 * 1024 * 1024);
    expect(await sizeOf(small!.file_id)).toBe('< 0.01 MB');
    expect(await dialog.locator(`tr[data-file-id="${small!.file_id}"] td`).nth(4).textContent()).toBe(
      'image/png',
    );
    await context.close();
  });

  it('selects rows and the whole page, deletes the selection after a confirm, and the files are gone', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'myfiles-del' });
    const records = await seedFruits(page);
    const dialog = await openMyFiles(page);
    await poll(() => rowNames(page, TABLE).then((r) => r.length)).toBe(10);
    const deleteButton = dialog.getByTestId('delete-files');
    expect(await deleteButton.isDisabled()).toBe(true);

    // Select all of the page, then clear one: 9 of 23.
    const all = dialog.getByRole('checkbox', { name: 'Select all files on this page' });
    await all.check();
    expect(await dialog.getByTestId('files-selected').textContent()).toBe('10 of 23 selected');
    const newest = records.at(-1)!;
    await dialog.getByRole('checkbox', { name: `Select ${newest.filename}` }).uncheck();
    expect(await dialog.getByTestId('files-selected').textContent()).toBe('9 of 23 selected');
    expect(await all.evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(true);
    // Plus one on page 2: selection spans pages.
    await dialog.getByRole('button', { name: 'Next' }).click();
    const onPage2 = records.at(-11)!;
    await dialog.getByRole('checkbox', { name: `Select ${onPage2.filename}` }).check();
    expect(await dialog.getByTestId('files-selected').textContent()).toBe('10 of 23 selected');
    const chosen = new Set([...records.slice(-10, -1), onPage2].map((r) => r.file_id));

    // First click asks; Cancel keeps everything.
    await deleteButton.click();
    const confirm = dialog.getByTestId('delete-files-confirm');
    await confirm.getByText('Delete the selected files (10)? This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await confirm.count()).toBe(0);

    await deleteButton.click();
    const request = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().endsWith('/api/files'));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const body = (await request).postDataJSON() as {
      files: Array<{ file_id: string; filepath: string; source: string }>;
    };
    expect(new Set(body.files.map((f) => f.file_id))).toEqual(chosen);
    for (const entry of body.files) {
      expect(entry.filepath.split('?')[0]).toBe(`/api/files/download/${entry.file_id}`);
      expect(entry.source).toBe('local');
    }
    await page.getByText('Files deleted (10).', { exact: true }).waitFor();
    await poll(async () => await dialog.locator('tbody tr[data-file-id]').count()).toBe(10);
    expect(await dialog.getByTestId('files-page').textContent()).toBe('Page 1 of 2');
    expect(await dialog.getByTestId('files-selected').textContent()).toBe('0 of 13 selected');
    const left = (await apiFromPage<FileRecord[]>(page, '/api/files')).body.map((f) => f.file_id);
    expect(left).toHaveLength(13);
    expect(left.filter((id) => chosen.has(id))).toEqual([]);
    expect(left).toContain(newest.file_id);
    await context.close();
  });

  it('a failed delete shows an error toast and keeps the files', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'myfiles-fail' });
    const [record] = await seedImages(page, [
      { name: 'keep.png', bytes: await smallPng(), width: 64, height: 48 },
    ]);
    await page.route('**/api/files', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"disk on fire"}' })
        : route.fallback(),
    );
    const dialog = await openMyFiles(page);
    await dialog.getByRole('checkbox', { name: 'Select keep.png' }).check();
    await dialog.getByTestId('delete-files').click();
    await dialog.getByTestId('delete-files-confirm').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The files could not be deleted: disk on fire', { exact: true }).waitFor();
    expect(await rowNames(page, TABLE)).toEqual(['keep.png']);
    expect((await apiFromPage<FileRecord[]>(page, '/api/files')).body.map((f) => f.file_id)).toEqual([
      record!.file_id,
    ]);
    await context.close();
  });

  it('an empty list shows the no-results text, and the dialog works at phone width', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const { page } = await signedInPage(context, baseUrl, { tag: 'myfiles-empty' });
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    const dialog = await openMyFiles(page);
    await dialog.getByText('No results.', { exact: true }).waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await context.close();
  });
});
