import { describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { ConversationPage } from '@parley/shared';
import { animationsDone, artifactPath, toast } from './browser.test-helpers';
import { openChat, poll, send, settled, sim, useChatBrowser } from './chat.test-helpers';
import { apiFromPage } from './session.test-helpers';

// Archived and temporary chats (docs/reference/conversations.md (Archive; Temporary chats)): archived from the
// sidebar and restored from Settings → Data; a temporary chat shows its banner and never reaches the sidebar.

useChatBrowser();

async function expectAxeClean(page: Page, scope?: string): Promise<void> {
  await animationsDone(page);
  const builder = new AxeBuilder({ page });
  if (scope) builder.include(scope);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const listed = async (page: Page, query = '') =>
  (await apiFromPage<ConversationPage>(page, `/api/convos${query}`)).body.conversations.map(
    (c) => c.conversationId,
  );

describe('archived and temporary chats', () => {
  it('archives a chat from the sidebar, lists it in Settings → Data, and restores it', async () => {
    const chat = await openChat();
    const { page } = chat;
    await send(chat, `Harbour plans ${sim({ reply: 'Boats at dawn.' })}`);
    const conversationId = await settled(chat);
    const row = page.locator(`[data-conversation-id="${conversationId}"]`);
    await row.waitFor();

    await row.hover();
    await page.screenshot({ path: artifactPath('archive-sidebar-desktop-light.png') });
    await row.getByRole('button', { name: 'Archive' }).click();
    await toast(page, 'success', /^Chat archived: /).waitFor();
    await poll(() => row.count()).toBe(0);
    // The open chat gave way to a new one.
    await page.waitForURL(/\/c\/new$/);
    expect(await listed(page)).not.toContain(conversationId);
    expect(await listed(page, '?isArchived=true')).toEqual([conversationId]);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = page.getByTestId('settings-dialog');
    await settings.getByRole('tab', { name: 'Data' }).click();
    const archived = settings.getByTestId('archived-chat');
    await poll(() => archived.count()).toBe(1);
    await settings.getByRole('heading', { name: 'Archived chats' }).waitFor();
    await settings.screenshot({ path: artifactPath('archive-settings-desktop-light.png') });
    await expectAxeClean(page, '[data-testid="archived-chats"]');

    await archived.getByTestId('archived-chat-restore').click();
    await toast(page, 'success', /^Chat restored: /).waitFor();
    await poll(() => archived.count()).toBe(0);
    await settings.getByText('No archived chats.').waitFor();
    await page.keyboard.press('Escape');
    await row.waitFor();
    expect(await listed(page)).toContain(conversationId);
    await chat.context.close();
  }, 180_000);

  it('keeps a temporary chat off the sidebar with its banner shown (phone, dark)', async () => {
    const chat = await openChat({ width: 390, height: 844, colorScheme: 'dark' });
    const { page } = chat;
    const toggle = page.getByRole('switch', { name: 'Temporary chat' });
    await toggle.waitFor();
    // Keyboard: it is in the tab order and Space switches it.
    await toggle.focus();
    await page.keyboard.press('Space');
    await poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    const banner = page.getByTestId('temporary-chat-banner');
    await poll(() => banner.innerText()).toBe(
      "This chat won't appear in history and is deleted after 30 days.",
    );

    await page.screenshot({ path: artifactPath('temporary-toggle-phone-dark.png') });
    await expectAxeClean(page);

    await send(chat, `Surprise party ideas ${sim({ reply: 'Balloons.' })}`);
    const conversationId = await settled(chat);
    await poll(() => banner.isVisible()).toBe(true);
    expect(await page.locator(`[data-conversation-id="${conversationId}"]`).count()).toBe(0);
    expect(await listed(page)).not.toContain(conversationId);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: artifactPath('temporary-chat-phone-dark.png') });
    await expectAxeClean(page);

    // A reload opens it again from the server, still marked temporary and still off the list.
    await page.reload();
    await poll(() => banner.isVisible()).toBe(true);
    expect(await page.locator(`[data-conversation-id="${conversationId}"]`).count()).toBe(0);
    await chat.context.close();
  }, 180_000);
});
