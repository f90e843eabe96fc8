import { describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { animationsDone, artifactPath, newContext, toast } from './browser.test-helpers';
import { openChat, poll, send, settled, sim, useChatBrowser, type Chat } from './chat.test-helpers';
import { chooseFiles, openReadyChat, pngFile, uploaded, useVisionModel } from './files-attach.test-helpers';
import { apiFromPage } from './session.test-helpers';

// Share links (docs/reference/sharing.md (In the web; What a link shows)): made from the sidebar by a signed-in user,
// read signed out in a fresh browser (desktop light, phone dark), revoked from Settings → Data, then not found.

useChatBrowser();
const baseUrl = inject('baseUrl');

async function expectAxeClean(page: Page, scope?: string): Promise<void> {
  await animationsDone(page);
  const builder = new AxeBuilder({ page });
  if (scope) builder.include(scope);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Two branches: an edit of the first question makes the second, which the chat then shows. */
async function twoBranches(chat: Chat): Promise<string> {
  const { page } = chat;
  await send(chat, `Alpha question ${sim({ reply: 'Alpha **answer** with a list:\n\n- one\n- two' })}`);
  const conversationId = await settled(chat);
  const first = chat.articles.first();
  await first.hover();
  await first.getByRole('button', { name: 'Edit' }).click();
  await page
    .getByRole('textbox', { name: 'Edit message' })
    .fill(`Beta question ${sim({ reply: 'Beta answer' })}`);
  await page.getByRole('button', { name: 'Save & Submit' }).click();
  await poll(() => chat.lastArticle().innerText()).toContain('Beta answer');
  await settled(chat);
  return conversationId;
}

/** Opens a link in a fresh, signed-out browser context. */
async function readSignedOut(
  browser: Browser,
  url: string,
  view: { width?: number; height?: number; colorScheme?: 'light' | 'dark' },
) {
  const context = await newContext(browser, view);
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

describe('share links', () => {
  it('shares the branch on screen, readable signed out; revoked from the settings, it is not found', async () => {
    const chat = await openChat();
    const { page } = chat;
    const conversationId = await twoBranches(chat);
    // Back to the first branch: the link shares what is on screen.
    await chat.articles.first().getByRole('button', { name: 'Previous' }).click();
    await poll(() => chat.lastArticle().innerText()).toContain('Alpha answer');

    const row = page.locator(`[data-conversation-id="${conversationId}"]`);
    await row.hover();
    await row.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByTestId('share-dialog');
    await dialog.getByTestId('share-create').click();
    const field = dialog.getByTestId('share-url');
    await field.waitFor();
    const url = await field.inputValue();
    await toast(page, 'success', 'Link copied to the clipboard').waitFor();
    await page.screenshot({ path: artifactPath('share-dialog-desktop-light.png') });
    await expectAxeClean(page, '[data-testid="share-dialog"]');
    expect(url).toMatch(new RegExp(`^${baseUrl}/share/[A-Za-z0-9_-]{22}$`));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A stranger's browser, desktop and light: only the branch that was on screen, no message box.
    const reader = await readSignedOut(chat.context.browser()!, url, {});
    const shared = reader.page.getByTestId('share-page');
    await shared.getByRole('heading', { level: 1 }).waitFor();
    const articles = shared.locator('article');
    await poll(() => articles.count()).toBe(2);
    expect(await articles.nth(0).innerText()).toContain('Alpha question');
    await poll(() => articles.nth(1).locator('strong').innerText()).toBe('answer');
    expect(await articles.nth(1).locator('li').allInnerTexts()).toEqual(['one', 'two']);
    expect(await shared.innerText()).not.toContain('Beta');
    expect(await shared.innerText()).not.toContain('Grace Hopper');
    expect(await reader.page.getByRole('textbox').count()).toBe(0);
    await reader.page.getByRole('link', { name: 'Log in to start your own chat' }).waitFor();
    await expectAxeClean(reader.page);
    await reader.page.screenshot({ path: artifactPath('share-desktop-light.png'), fullPage: true });

    // On a phone, dark.
    const phone = await readSignedOut(chat.context.browser()!, url, {
      width: 390,
      height: 844,
      colorScheme: 'dark',
    });
    await phone.page.getByTestId('share-page').locator('article').nth(1).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAxeClean(phone.page);
    await phone.page.screenshot({ path: artifactPath('share-phone-dark.png'), fullPage: true });

    // The owner revokes it from Settings → Data.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = page.getByTestId('settings-dialog');
    await settings.getByRole('tab', { name: 'Data' }).click();
    const link = settings.getByTestId('shared-link');
    await poll(() => link.count()).toBe(1);
    await settings.screenshot({ path: artifactPath('share-settings-data.png') });
    await expectAxeClean(page, '[data-testid="shared-links"]');
    expect(await link.getByRole('link').getAttribute('href')).toBe(url);
    await link.getByTestId('shared-link-revoke').click();
    await link.getByTestId('shared-link-revoke').click();
    await toast(page, 'success', 'Shared link deleted').waitFor();
    await poll(() => link.count()).toBe(0);
    await settings.getByText('You have not shared any conversations yet.').waitFor();

    // Revoked: at once, the page is not found.
    await reader.page.reload();
    await reader.page.getByTestId('not-found').waitFor();
    await reader.context.close();
    await phone.context.close();
    await chat.context.close();
  }, 240_000); // four axe runs and four screenshots: minutes on a busy two-core machine

  it('shows the images to a signed-out reader; Update link moves the copy to a new address', async () => {
    const chat = await openReadyChat();
    const { page } = chat;
    await useVisionModel(chat);
    await chooseFiles(page, [await pngFile('red.png', '#e11d48', 120, 80)]);
    await uploaded(page, 1);
    await send(chat, `What colour? ${sim({ reply: 'Red.' })}`);
    const conversationId = await settled(chat);
    const created = await apiFromPage<{ shareId: string }>(page, `/api/share/${conversationId}`, {
      method: 'POST',
      json: {},
    });
    expect(created.status).toBe(200);
    const oldUrl = `${baseUrl}/share/${created.body.shareId}`;
    const reader = await readSignedOut(chat.context.browser()!, oldUrl, {});
    const image = reader.page.getByTestId('shared-image');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/api\/files\/download\/[^?]+\?exp=\d+&sig=/);
    await poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);

    // The sidebar's dialog finds the link the conversation has, and Update gives it a new address.
    const row = page.locator(`[data-conversation-id="${conversationId}"]`);
    await row.hover();
    await row.getByRole('button', { name: 'Share' }).click();
    const field = page.getByTestId('share-dialog').getByTestId('share-url');
    await poll(() => field.inputValue()).toBe(oldUrl);
    await page.getByTestId('share-renew').click();
    await poll(() => field.inputValue()).not.toBe(oldUrl);
    const newUrl = await field.inputValue();
    await toast(page, 'success', 'Link updated and copied. The old link no longer works.').waitFor();
    await reader.page.reload();
    await reader.page.getByTestId('not-found').waitFor();
    await reader.page.goto(newUrl);
    await reader.page.getByTestId('shared-image').waitFor();
    await reader.context.close();
    await chat.context.close();
  }, 90_000);
});
