import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { animationsDone, artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { apiFromPage } from './session.test-helpers';
import {
  open,
  trigger,
  slider,
  pick,
  openSettings,
  closeOverlay,
  openPresets,
  rows,
} from './presets.test-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('presets', () => {
  it('saves, selects, defaults, exports, imports, deletes and clears presets', async () => {
    const context = await newContext(browser);
    const page = await open(context);
    await openSettings(page);
    const box = page.getByRole('spinbutton', { name: 'Temperature' });
    await box.fill('0.5');
    await box.press('Enter');
    await closeOverlay(page);

    // Save as preset: from the sticky header when the chat page shows it, else from the presets menu.
    const header = page.getByTestId('conversation-header');
    if ((await header.count()) > 0) {
      await header.getByRole('button', { name: 'Save as preset' }).click();
    } else {
      await openPresets(page);
      await page.getByRole('button', { name: 'Save as preset' }).click();
    }
    const dialog = page.getByRole('dialog', { name: 'Save as preset' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('A name is required').waitFor();
    await dialog.getByLabel('Preset name').fill('Poet/Verse');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Poet/Verse saved', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Select it from another endpoint: a new chat converts in place, with a 750 ms toast.
    await pick(page, 'Google', 'chat-bison');
    await openPresets(page);
    expect(await rows(page).count()).toBe(1);
    await page.screenshot({ path: artifactPath('endpoints-presets-menu.png') });
    await rows(page)
      .getByRole('button', { name: /Poet\/Verse/ })
      .click();
    const toast = page.getByText('Poet/Verse selected', { exact: true });
    await toast.waitFor();
    const shown = Date.now();
    await toast.waitFor({ state: 'detached', timeout: 3000 });
    expect(Date.now() - shown).toBeLessThan(2000);
    await expect.poll(() => trigger(page).textContent()).toContain('OpenAI · gpt-3.5-turbo');
    await openSettings(page);
    expect(await slider(page, 'Temperature').getAttribute('aria-valuenow')).toBe('0.5');
    await closeOverlay(page);

    // A default preset wins over the remembered setup for new chats; unsetting it gives the memory back.
    await openPresets(page);
    await rows(page).getByRole('button', { name: 'Set as default' }).click();
    await rows(page).getByRole('button', { name: 'Unset default' }).waitFor();
    await closeOverlay(page);
    await pick(page, 'Google', 'chat-bison');
    await page.reload();
    await expect.poll(() => trigger(page).textContent()).toContain('OpenAI · gpt-3.5-turbo');
    const listed = await apiFromPage<Array<{ defaultPreset: boolean }>>(page, '/api/presets');
    expect(listed.body.map((p) => p.defaultPreset)).toEqual([true]);
    await openPresets(page);
    await rows(page).getByRole('button', { name: 'Unset default' }).click();
    await rows(page).getByRole('button', { name: 'Set as default' }).waitFor();
    await closeOverlay(page);
    await pick(page, 'Google', 'chat-bison');
    await page.reload();
    await expect.poll(() => trigger(page).textContent()).toContain('Google · chat-bison');

    // Export: a sanitised file name and the preset's JSON.
    await openPresets(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows(page).getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Poet_Verse.json');
    const file = artifactPath('exported-preset.json');
    await download.saveAs(file);
    const exported = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(exported).toMatchObject({ title: 'Poet/Verse', endpoint: 'openAI', temperature: 0.5 });
    expect(exported).not.toHaveProperty('user');

    // Import it back as a second preset; a file that is not a preset is refused.
    const input = page.getByLabel('Import a preset file');
    await input.setInputFiles(file);
    await page.getByText('Poet/Verse imported', { exact: true }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);
    await input.setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from('nope'),
    });
    await page.getByText('This file is not a valid preset.', { exact: true }).waitFor();
    expect(await rows(page).count()).toBe(2);

    // Delete asks first: Cancel keeps the preset.
    await rows(page).first().getByRole('button', { name: 'Delete' }).click();
    const ask = page.getByRole('dialog', { name: 'Delete preset?' });
    await ask.waitFor();
    expect(await ask.textContent()).toContain('This will delete Poet/Verse.');
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('presets-delete-confirm.png') });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await rows(page).count()).toBe(2);

    // Delete: the row goes at once and a toast offers Undo, which takes the focus; nothing is sent meanwhile.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/presets/delete')) sent.push(r.postData() ?? '');
    });
    await rows(page).first().getByRole('button', { name: 'Delete' }).click();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    expect(await page.getByText('Preset deleted: Poet/Verse', { exact: true }).count()).toBe(1);
    await expect.poll(() => undo.evaluate((el) => el === document.activeElement)).toBe(true);
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('presets-undo-toast.png') });
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page).count()).toBe(2);
    await undo.waitFor({ state: 'detached' });
    await page.waitForTimeout(6500);
    expect(sent).toEqual([]);
    await page.reload();
    await openPresets(page);
    await expect.poll(() => rows(page).count()).toBe(2);

    // Without Undo the delete is sent once the 6 s are up, and the toast closes.
    await rows(page).first().getByRole('button', { name: 'Delete' }).click();
    await ask.getByRole('button', { name: 'Delete' }).click();
    const deletedAt = Date.now();
    await page.waitForResponse((r) => r.url().endsWith('/api/presets/delete'), { timeout: 10_000 });
    expect(Date.now() - deletedAt).toBeGreaterThan(5500);
    await undo.waitFor({ state: 'detached' });
    expect(sent).toHaveLength(1);
    await page.reload();
    await openPresets(page);
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(async () => (await apiFromPage<unknown[]>(page, '/api/presets')).body.length).toBe(1);

    // Clear all asks first.
    await page.getByRole('button', { name: 'Clear all' }).click();
    const confirm = page.getByRole('group', { name: 'Delete all presets?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await rows(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await confirm.getByRole('button', { name: 'Delete all' }).click();
    await page.getByText('No presets yet').waitFor();
    expect((await apiFromPage<unknown[]>(page, '/api/presets')).body).toEqual([]);
    await context.close();
    // The whole presets journey in one spec: about 28 s on a busy two-core CI machine, so twice the default.
  }, 120_000);

  it('on a phone: the delete confirm and the undo toast fit; a reload within the window still sends the delete', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await open(context);
    for (const title of ['Phone keeps', 'Phone deletes']) {
      const saved = await apiFromPage(page, '/api/presets', {
        method: 'POST',
        json: { preset: { title, endpoint: 'openAI', model: 'gpt-3.5-turbo' } },
      });
      expect(saved.status).toBe(201);
    }
    await page.reload();
    await openPresets(page);
    await expect.poll(() => rows(page).count()).toBe(2);
    await rows(page)
      .filter({ hasText: 'Phone deletes' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    const ask = page.getByRole('dialog', { name: 'Delete preset?' });
    await ask.waitFor();
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('presets-delete-confirm-phone.png') });
    await ask.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('presets-undo-toast-phone.png') });

    // Leaving the page sends the waiting delete at once (keepalive), so nothing comes back after a reload.
    await page.reload();
    await expect
      .poll(async () =>
        (await apiFromPage<Array<{ title: string }>>(page, '/api/presets')).body.map((p) => p.title),
      )
      .toEqual(['Phone keeps']);
    await context.close();
  });

  it('logging out within the undo window sends the delete first, with the session', async () => {
    const context = await newContext(browser);
    const page = await open(context);
    const saved = await apiFromPage(page, '/api/presets', {
      method: 'POST',
      json: { preset: { title: 'Logout deletes', endpoint: 'openAI', model: 'gpt-3.5-turbo' } },
    });
    expect(saved.status).toBe(201);
    await page.reload();
    await openPresets(page);
    await rows(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete preset?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/presets/delete'));
    const started = Date.now();
    await page.mouse.click(5, 400);
    await page.getByRole('dialog', { name: 'Presets' }).waitFor({ state: 'detached' });
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /^Log out$/ }).click();
    expect((await answered).status()).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    await page.waitForURL(/\/login(\?|$)/);
    await context.close();
  });

  it('edits a preset in the presets modal with the settings panel', async () => {
    const context = await newContext(browser);
    const page = await open(context);
    const saved = await apiFromPage<unknown[]>(page, '/api/presets', {
      method: 'POST',
      json: { preset: { title: 'Gem', endpoint: 'google', model: 'chat-bison', temperature: 0.3 } },
    });
    expect(saved.status).toBe(201);
    await page.reload();
    await openPresets(page);
    await rows(page).getByRole('button', { name: 'Edit' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit preset' });
    await modal.waitFor();
    expect(await slider(page, 'Temperature').getAttribute('aria-valuenow')).toBe('0.3');
    await modal.getByLabel('Preset name').fill('Gem 2');
    await modal.getByLabel('Model').selectOption('code-bison');
    expect(await slider(page, 'Top K').count()).toBe(0);
    await page.screenshot({ path: artifactPath('endpoints-preset-modal.png') });
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Gem 2 saved', { exact: true }).waitFor();
    const list = await apiFromPage<Array<Record<string, unknown>>>(page, '/api/presets');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ title: 'Gem 2', model: 'code-bison', temperature: 0.3 });
    await context.close();
  });
});
