import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import type { Assistant } from '@parley/shared';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { animationsDone, launchBrowser, newContext, toast } from './browser.test-helpers';
import { assistantsServerEnv, deleteFromPage, openBuilder } from './assistants.test-helpers';
import { smallPng } from './my-files.test-helpers';
import { apiFromPage, signedInPage } from './session.test-helpers';

// Building an assistant in the side panel against the real server (docs/reference/assistants.md (Fields and limits)):
// create, picture (and its revert on a refused one), knowledge file, edit, limits, Select for the chat, delete.

const simUrl = inject('simUrl');
let browser: Browser;
let server: ServerProcess;
let noBuilder: ServerProcess;
beforeAll(async () => {
  browser = await launchBrowser();
  [server, noBuilder] = await Promise.all([
    startServer(assistantsServerEnv(simUrl)),
    startServer(assistantsServerEnv(simUrl, ['disableBuilder: true'])),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), noBuilder?.stop()]);
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 50 });

/** axe's default rules over `scope`: each violation as its rule and targets. */
async function violations(page: Page, scope: string): Promise<string[]> {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('assistants builder', () => {
  it(
    'creates an assistant, gives it a picture, a knowledge file and edits, chats with it, and deletes it',
    {
      timeout: 120_000,
    },
    async () => {
      const context = await newContext(browser);
      const { page } = await signedInPage(context, server.baseUrl, { tag: 'builder' });
      const panel = await openBuilder(page);
      expect(await panel.getByTestId('assistant-select').inputValue()).toBe('');
      expect(await panel.getByTestId('assistant-save').textContent()).toBe('Create');
      // Knowledge waits for a saved assistant.
      expect(await panel.getByTestId('knowledge-upload').isDisabled()).toBe(true);
      await panel.getByText('Create the assistant first, then upload its files.').waitFor();

      await panel.getByTestId('assistant-name').fill('Trip planner');
      await panel.getByTestId('assistant-description').fill('Plans weekends away');
      await panel.getByTestId('assistant-instructions').fill('Ask where from, then plan.\nKeep it short.');
      await panel.getByTestId('assistant-model').selectOption('gpt-4');
      await panel.getByTestId('capability-retrieval').check();
      await panel.getByTestId('assistant-save').click();
      await toast(page, 'success', 'Successfully created').waitFor();
      const idText = await panel.getByTestId('assistant-id').textContent();
      const id = /^ID: (.+)$/.exec(idText ?? '')?.[1];
      expect(id).toBeTruthy();
      expect(await panel.getByTestId('assistant-select').inputValue()).toBe(id);
      expect(await panel.getByTestId('assistant-save').textContent()).toBe('Save');
      const created = await apiFromPage<Assistant>(page, `/api/assistants/${id}`);
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        name: 'Trip planner',
        description: 'Plans weekends away',
        instructions: 'Ask where from, then plan.\nKeep it short.',
        model: 'gpt-4',
        tools: [{ type: 'retrieval' }],
      });

      // A picture: shown, uploaded, kept as the assistant's.
      await panel.getByTestId('assistant-avatar-input').setInputFiles({
        name: 'red.png',
        mimeType: 'image/png',
        buffer: await smallPng(),
      });
      await toast(page, 'success', 'Image uploaded.').waitFor();
      const withAvatar = await apiFromPage<Assistant>(page, `/api/assistants/${id}`);
      expect(withAvatar.body.metadata.avatar).toMatch(/^\/api\/files\/download\//);
      // A file that says it is a PNG but is not one: the server refuses it and the picture goes back.
      await panel.getByTestId('assistant-avatar-input').setInputFiles({
        name: 'fake.png',
        mimeType: 'image/png',
        buffer: Buffer.from('this is not an image at all'),
      });
      await toast(page, 'error', /^Invalid image/).waitFor();
      const avatar = panel.getByTestId('assistant-avatar-button').locator('img');
      await poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(
        250,
      );
      expect((await apiFromPage<Assistant>(page, `/api/assistants/${id}`)).body.metadata.avatar).toBe(
        withAvatar.body.metadata.avatar,
      );

      // Retrieval was saved on: a knowledge file can be uploaded, and shows with its indexing state.
      expect(await panel.getByTestId('knowledge-upload').isDisabled()).toBe(false);
      await panel.getByTestId('knowledge-input').setInputFiles({
        name: 'packing-list.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Passport, charger, umbrella.\n'),
      });
      const row = panel.getByTestId('knowledge-files').locator('li', { hasText: 'packing-list.txt' });
      await row.waitFor();
      await poll(() => row.locator('[data-status]').getAttribute('data-status')).toMatch(
        /^(indexing|ready)$/,
      );

      // Limits are the form's: a 257-character name is refused before anything is sent.
      await panel.getByTestId('assistant-name').fill('n'.repeat(257));
      await panel.getByTestId('assistant-save').click();
      await panel.getByText('The name can be at most 256 characters.').waitFor();
      await panel.getByTestId('assistant-name').fill('Weekend planner');
      await panel.getByTestId('assistant-description').fill('');
      await panel.getByTestId('assistant-save').click();
      await toast(page, 'success', 'Successfully updated').waitFor();
      const updated = await apiFromPage<Assistant>(page, `/api/assistants/${id}`);
      expect([updated.body.name, updated.body.description]).toEqual(['Weekend planner', null]);

      // After a reload the builder opens on it again once picked, with what was saved.
      await page.reload();
      const again = await openBuilder(page);
      await again.getByTestId('assistant-select').selectOption(id!);
      await poll(() => again.getByTestId('assistant-name').inputValue()).toBe('Weekend planner');
      expect(await again.getByTestId('capability-retrieval').isChecked()).toBe(true);

      // Select: the new chat talks to it, and its landing shows its picture and name.
      await again.getByTestId('assistant-use').click();
      const landing = page.getByTestId('assistant-landing');
      await landing.getByText('Weekend planner').waitFor();
      expect(await landing.locator('img').count()).toBe(1);

      // Delete, after a confirmation naming it.
      await again.getByTestId('assistant-delete').click();
      const confirm = page.getByTestId('assistant-delete-confirm');
      await confirm.getByText('Weekend planner').waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'success', 'Assistant deleted.').waitFor();
      await poll(() => again.getByTestId('assistant-select').inputValue()).toBe('');
      expect((await apiFromPage(page, `/api/assistants/${id}`)).status).toBe(404);
      await context.close();
    },
  );

  it('shows the error toast with the reason when a save is refused', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, server.baseUrl, { tag: 'builder-error' });
    const panel = await openBuilder(page);
    await panel.getByTestId('assistant-name').fill('Short-lived');
    await panel.getByTestId('assistant-save').click();
    await toast(page, 'success', 'Successfully created').waitFor();
    const id = /^ID: (.+)$/.exec((await panel.getByTestId('assistant-id').textContent()) ?? '')![1]!;
    // Deleted elsewhere meanwhile: Save is refused with the server's reason.
    expect(await deleteFromPage(page, `/api/assistants/${id}`)).toBe(200);
    await panel.getByTestId('assistant-description').fill('Too late');
    await panel.getByTestId('assistant-save').click();
    await toast(page, 'error', /^There was an error updating your assistant\. .+/).waitFor();
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no axe violation in the builder, the tools dialog, the actions editor and its auth dialog (${colorScheme})`, async () => {
      const context = await newContext(browser, { colorScheme });
      const { page } = await signedInPage(context, server.baseUrl, { tag: `builder-axe-${colorScheme}` });
      const created = await apiFromPage<Assistant>(page, '/api/assistants', {
        method: 'POST',
        json: { name: 'Checked', description: 'For axe', model: 'gpt-4', tools: [{ type: 'retrieval' }] },
      });
      const panel = await openBuilder(page);
      await panel.getByTestId('assistant-select').selectOption(created.body.id);
      await poll(() => panel.getByTestId('assistant-name').inputValue()).toBe('Checked');
      expect(await violations(page, '#side-panel')).toEqual([]);
      await panel.getByTestId('assistant-add-tools').click();
      await page.getByTestId('assistant-tools-dialog').waitFor();
      expect(await violations(page, '[data-testid="assistant-tools-dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await panel.getByTestId('assistant-add-actions').click();
      await page.getByTestId('schema-examples').selectOption({ label: 'Weather (JSON)' });
      await page.getByTestId('spec-status').waitFor();
      expect(await violations(page, '#side-panel')).toEqual([]);
      await page.getByTestId('action-auth').click();
      await page.getByRole('radio', { name: 'OAuth' }).check();
      expect(await violations(page, '[data-testid="action-auth-dialog"]')).toEqual([]);
      await context.close();
    });
  }

  it('is not offered when the operator turned the builder off', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, noBuilder.baseUrl, { tag: 'builder-off' });
    await page.getByRole('button', { name: 'Open the side panel' }).click();
    await page.getByRole('complementary', { name: 'Files' }).waitFor();
    expect(await page.getByRole('button', { name: 'Assistant Builder' }).count()).toBe(0);
    await context.close();
  });

  it('speaks Chinese', async () => {
    const context = await newContext(browser, { locale: 'zh-CN' });
    const { page } = await signedInPage(context, server.baseUrl, { tag: 'builder-zh' });
    await page.getByRole('button', { name: '助手构建器' }).click();
    const panel = page.getByTestId('assistant-panel');
    await panel.getByText('知识库').waitFor();
    expect(await panel.getByTestId('assistant-save').textContent()).toBe('创建');
    expect(await panel.getByTestId('assistant-select').locator('option').first().textContent()).toBe(
      '创建助手',
    );
    await context.close();
  });
});
