import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatStorageSize, type FileUsage } from '@parley/shared';
import { artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { noisyPng, seedImages } from './my-files.test-helpers';
import { apiFromPage, signedInPage } from './session.test-helpers';

// My Files says how much of the storage quota the user's files take (the e2e server keeps the 1 GB default).

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('storage usage in My Files', () => {
  it('shows the usage the server counts, against the quota, and follows a delete', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'storage' });
    const [big] = await seedImages(page, [
      { name: 'noise.png', bytes: await noisyPng(700, 700), width: 700, height: 700 },
    ]);
    const usage = (await apiFromPage<FileUsage>(page, '/api/files/usage')).body;
    expect(usage.limit).toBe(1024 * 1024 * 1024);
    expect(usage.used).toBe(big!.bytes);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'My Files' }).click();
    const dialog = page.getByRole('dialog', { name: 'My Files' });
    const line = dialog.getByTestId('storage-usage');
    await line.getByText(`Storage: ${formatStorageSize(big!.bytes)} of 1 GB used`).waitFor();
    const bar = dialog.getByRole('progressbar', { name: 'Storage used' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBe(
      Math.round((big!.bytes / (1024 * 1024 * 1024)) * 100),
    );
    await page.screenshot({ path: artifactPath('my-files-storage-usage.png') });

    // Delete it from the dialog: the usage falls back to 0.
    await dialog.getByRole('checkbox', { name: 'Select noise.png' }).check();
    await dialog.getByTestId('delete-files').click();
    await dialog.getByTestId('delete-files-confirm').getByRole('button', { name: 'Delete' }).click();
    await line.getByText('Storage: 0 MB of 1 GB used').waitFor({ timeout: 10_000 });
    await context.close();
  });
});
