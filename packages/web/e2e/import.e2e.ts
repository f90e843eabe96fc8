import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { animationsDone, artifactPath, toast } from './browser.test-helpers';
import { openChat, poll, useChatBrowser } from './chat.test-helpers';

// Importing conversations (docs/reference/import.md (In the web)): a ChatGPT export with a branch, picked in
// Settings → Data; the progress, then the count; the sidebar lists the chats, and the chat shows the branch that
// was current in ChatGPT with the other one behind the sibling switcher.

useChatBrowser();

const FIXTURE = join(import.meta.dirname, '../../server/test/fixtures/imports/chatgpt-branch.json');

async function expectAxeClean(page: Page, scope?: string): Promise<void> {
  await animationsDone(page);
  const builder = new AxeBuilder({ page });
  if (scope) builder.include(scope);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('conversation import', () => {
  it('imports a ChatGPT export from Settings → Data and shows its branches in the chat', async () => {
    const chat = await openChat();
    const { page } = chat;
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = page.getByTestId('settings-dialog');
    await settings.getByRole('tab', { name: 'Data' }).click();
    const section = settings.getByTestId('import-section');
    await section.getByRole('button', { name: 'Import' }).waitFor();

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      section.getByRole('button', { name: 'Import' }).click(),
    ]);
    await chooser.setFiles({
      name: 'conversations.json',
      mimeType: 'application/json',
      buffer: readFileSync(FIXTURE),
    });
    await section.getByText('Conversations imported: 2').waitFor({ timeout: 20_000 });
    await toast(page, 'success', 'Conversations imported: 2').waitFor();
    await settings.screenshot({ path: artifactPath('import-settings-desktop-light.png') });
    await expectAxeClean(page, '[data-testid="import-section"]');

    // A file that is not an export: refused at once, in words.
    const [again] = await Promise.all([
      page.waitForEvent('filechooser'),
      section.getByRole('button', { name: 'Import' }).click(),
    ]);
    await again.setFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('hello') });
    await section
      .getByRole('alert')
      .getByText(/not a JSON export/)
      .waitFor();
    await settings.getByRole('button', { name: 'Close' }).click();
    await settings.waitFor({ state: 'detached' });

    // The sidebar has them without a reload.
    const row = page.locator('[data-conversation-id]', { hasText: 'Capital of Australia' });
    await row.waitFor();
    await expect
      .poll(() => page.locator('[data-conversation-id]', { hasText: 'Python sort snippet' }).count())
      .toBe(1);
    // At the title's start: while the pointer is on the row, its end holds Rename, Share, Archive and Delete.
    await row.getByText('Capital of Australia').click({ position: { x: 8, y: 8 } });
    await poll(() => chat.articles.count()).toBe(4);
    const answer = chat.articles.nth(1);
    await expect.poll(() => answer.innerText()).toContain('Canberra, not Sydney');
    await expect.poll(() => answer.getByTestId('sibling-position').textContent()).toBe('2 / 2');
    await expect.poll(() => chat.articles.nth(2).innerText()).toContain('[Image not imported]');
    await page.screenshot({ path: artifactPath('import-chat-desktop-light.png') });
    await expectAxeClean(page);

    await answer.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => answer.getByTestId('sibling-position').textContent()).toBe('1 / 2');
    await expect.poll(() => answer.innerText()).toContain('regenerated answer');
    await poll(() => chat.articles.count()).toBe(2);

    // On a phone, dark: the chat with the other branch, then the import section.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await poll(() => chat.articles.count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('import-chat-phone-dark.png') });
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const phoneSettings = page.getByTestId('settings-dialog');
    await phoneSettings.getByRole('tab', { name: 'Data' }).click();
    await phoneSettings.getByTestId('import-section').getByRole('button', { name: 'Import' }).waitFor();
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('import-settings-phone-dark.png') });
    await expectAxeClean(page, '[data-testid="import-section"]');
    await chat.context.close();
    // Two viewports, two themes and four accessibility scans: longer than one flow's minute on a shared machine.
  }, 120_000);
});
