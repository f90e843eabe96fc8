import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PublicUser } from '@parley/shared';
import { launchBrowser, newContext } from './browser.test-helpers';
import { noisyPng, smallPng } from './my-files.test-helpers';
import { apiFromPage, signedInPage } from './session.test-helpers';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 50 });
const menuAvatar = (page: Page) => page.getByTestId('user-menu').getByTestId('user-avatar-image');

async function openAvatarDialog(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByTestId('settings-dialog');
  await settings.waitFor();
  await settings.getByRole('tab', { name: 'Account' }).click();
  await settings.getByRole('button', { name: 'Change profile picture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change profile picture' });
  await dialog.waitFor();
  return dialog;
}

describe('profile picture', () => {
  it('previews a PNG, uploads it, shows it in the user menu and on messages, and keeps it after a reload', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'avatar' });
    expect(await menuAvatar(page).count()).toBe(0);
    const dialog = await openAvatarDialog(page);
    const upload = dialog.getByRole('button', { name: 'Upload' });
    expect(await upload.isDisabled()).toBe(true);
    expect(await dialog.locator('input[type="file"]').getAttribute('accept')).toBe('.png,.jpg,.jpeg');

    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await smallPng('#0a0'),
    });
    const preview = dialog.getByRole('img', { name: 'Preview of the new profile picture' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/files/images/avatar'));
    await upload.click();
    const response = await answer;
    expect(response.status()).toBe(200);
    const { url } = (await response.json()) as { url: string };
    // A signed URL (docs/reference/files.md (Reading a file)): an <img> loads it without the bearer token.
    expect(url).toMatch(/^\/api\/files\/download\/[\w-]+\?exp=\d+&sig=[\w-]+$/);
    await page.getByText('Profile picture updated.', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The menu shows the picture straight from its signed URL.
    await poll(() => menuAvatar(page).getAttribute('src')).toMatch(
      /^\/api\/files\/download\/[\w-]+\?exp=\d+&sig=[\w-]+$/,
    );
    expect((await apiFromPage<PublicUser>(page, '/api/user')).body.avatar?.split('?')[0]).toBe(
      url.split('?')[0],
    );

    const settings = page.getByTestId('settings-dialog');
    await settings.getByRole('button', { name: 'Close', exact: true }).click();
    await settings.waitFor({ state: 'detached' });
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await box.fill('Hello with my new picture');
    await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
    await box.press('Enter');
    const mine = page.locator('[role="log"] article').first();
    await poll(() => mine.getByTestId('user-avatar-image').getAttribute('src')).toMatch(
      /^\/api\/files\/download\/[\w-]+\?exp=\d+&sig=[\w-]+$/,
    );

    await page.reload();
    await poll(() => menuAvatar(page).getAttribute('src')).toMatch(
      /^\/api\/files\/download\/[\w-]+\?exp=\d+&sig=[\w-]+$/,
    );
    const size = await menuAvatar(page).evaluate((img: HTMLImageElement) => [
      img.naturalWidth,
      img.naturalHeight,
    ]);
    expect(size[0]).toBeGreaterThan(0);
    await context.close();
  });

  it('refuses a file over 2 MB or of another type with the message, and uploads nothing', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'avatar-bad' });
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/files/images/avatar')) uploads.push(r.method());
    });
    const dialog = await openAvatarDialog(page);
    const input = dialog.locator('input[type="file"]');
    const message = dialog.getByRole('alert');
    const text = 'The image must be a .png or .jpg file of at most 2 MB.';

    const big = await noisyPng(900, 900);
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await message.getByText(text, { exact: true }).waitFor();
    expect(await dialog.getByRole('img', { name: 'Preview of the new profile picture' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);

    await input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await message.getByText(text, { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);

    // Named and typed as a PNG, but not a picture: the preview cannot decode it, so it is refused here too.
    await input.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not a picture at all'),
    });
    await message
      .getByText('This file cannot be read as a picture. Choose a .png or .jpg image.', { exact: true })
      .waitFor();
    expect(await dialog.getByRole('img', { name: 'Preview of the new profile picture' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);

    // A good file clears the message; Cancel closes without uploading.
    await input.setInputFiles({ name: 'ok.jpg', mimeType: 'image/jpeg', buffer: await smallPng() });
    await message.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(uploads).toEqual([]);
    expect((await apiFromPage<PublicUser>(page, '/api/user')).body.avatar).toBeUndefined();
    await context.close();
  });

  it('a failed upload shows the error and keeps the old picture', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'avatar-fail' });
    await page.route('**/api/files/images/avatar', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"storage offline"}' }),
    );
    const dialog = await openAvatarDialog(page);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await smallPng(),
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page
      .getByText('The profile picture could not be uploaded: storage offline', { exact: true })
      .waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await menuAvatar(page).count()).toBe(0);
    await context.close();
  });
});
