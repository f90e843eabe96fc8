import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { openChat, poll, send, settled, sim, useChatBrowser, type Chat } from './chat.test-helpers';

// The keyboard shortcuts, their help dialog, focus given back by dialogs, and the sign-in tab order
// (docs/reference/settings-and-ui.md (Keyboard shortcuts)).

const baseUrl = inject('baseUrl');
useChatBrowser();

const dialog = (page: Page) => page.getByTestId('shortcuts-dialog');
/** The data-testid, aria-label or text of the focused element. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.dataset.testid ?? el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
  });

async function withChat(options: Parameters<typeof openChat>[0], run: (chat: Chat) => Promise<void>) {
  const chat = await openChat(options, options?.locale === 'zh-CN' ? '消息' : 'Message');
  try {
    await run(chat);
  } finally {
    await chat.context.close();
  }
}

describe('keyboard shortcuts', () => {
  it('opens the help with ? and Ctrl+/, lists every shortcut, and ? still types in the message box', async () => {
    await withChat({}, async ({ page, box }) => {
      // The box takes the focus 100 ms after the chat loads, when nothing else has it: wait for that first, or a
      // slow machine gives it the focus after the click below and `?` is typed into it.
      await poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.locator('main').click({ position: { x: 5, y: 5 } });
      await poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await page.keyboard.press('?');
      await dialog(page).waitFor();
      expect(await dialog(page).getByRole('heading').textContent()).toBe('Keyboard shortcuts');
      const rows = await dialog(page).locator('[data-shortcut]').allInnerTexts();
      expect(rows.map((r) => r.replace(/\s+/g, ' '))).toEqual([
        'Show keyboard shortcuts ? or Ctrl /',
        'Stop the reply Esc',
        'Edit your last message (in an empty message box) ↑',
        'New chat Ctrl Shift O',
        'Show or hide the sidebar Ctrl Shift S',
        'Search messages Ctrl K',
        'Copy the last reply Ctrl Shift C',
      ]);
      await page.keyboard.press('Escape');
      await poll(() => dialog(page).count()).toBe(0);

      await box.click();
      await page.keyboard.press('?');
      expect(await box.inputValue()).toBe('?');
      expect(await dialog(page).count()).toBe(0);
      await page.keyboard.press('Control+/');
      await dialog(page).waitFor();
      await page.keyboard.press('Control+/');
      await poll(() => dialog(page).count()).toBe(0);
    });
  });

  it('toggles the sidebar, focuses the search, and starts a new chat', async () => {
    await withChat({}, async (chat) => {
      const { page, box } = chat;
      const nav = page.getByTestId('nav');
      await nav.waitFor();
      await box.click();
      await page.keyboard.press('Control+Shift+S');
      await poll(() => nav.count()).toBe(0);
      // Ctrl+K opens the closed sidebar and puts the caret in its search box.
      await page.keyboard.press('Control+K');
      await nav.waitFor();
      await poll(() =>
        page.evaluate(() => document.activeElement?.hasAttribute('data-conversation-search')),
      ).toBe(true);
      await page.keyboard.press('Control+Shift+S');
      await poll(() => nav.count()).toBe(0);
      await page.keyboard.press('Control+Shift+S');
      await nav.waitFor();

      await send(chat, `Hi ${sim({ reply: 'Only answer.' })}`);
      await settled(chat);
      await box.click();
      await page.keyboard.press('Control+Shift+O');
      await page.waitForURL(/\/c\/new$/);
      // Unhandled modified keys still reach the text box.
      await box.click();
      await page.keyboard.type('ab');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('z');
      expect(await box.inputValue()).toBe('z');
    });
  });

  it('copies the last reply, edits the last question with Up, and stops a reply with Esc', async () => {
    await withChat({}, async (chat) => {
      const { page, box, articles } = chat;
      await chat.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await send(chat, `First question ${sim({ reply: 'The first answer.' })}`);
      await settled(chat);
      await chat.lastArticle().getByRole('button', { name: 'Copy' }).waitFor();
      await page.keyboard.press('Control+Shift+C');
      await poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('The first answer.');
      await chat.lastArticle().getByRole('status').getByText('Copied!').waitFor();

      // Up in the empty box opens the editor of the last question; with text in the box it moves the caret.
      await box.fill('draft');
      await box.press('ArrowUp');
      expect(await page.getByRole('button', { name: 'Save & Submit' }).count()).toBe(0);
      await box.fill('');
      await box.press('ArrowUp');
      const editor = articles.first().locator('textarea');
      await editor.waitFor();
      expect(await editor.inputValue()).toContain('First question');
      await page.keyboard.press('Escape');
      await poll(() => editor.count()).toBe(0);

      // Esc stops a slow reply (from the message box, where focus is after sending).
      await send(chat, `Count ${sim({ tokens: 200, rate: 20 })}`);
      const stop = page.getByRole('button', { name: 'Stop generating' });
      await stop.waitFor();
      await poll(() => chat.lastArticle().innerText()).toMatch(/\w+ \w+/);
      const started = Date.now();
      await box.press('Escape');
      await poll(() => stop.count()).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
      await page.getByRole('button', { name: 'Continue' }).first().waitFor();
    });
  });

  it('uses Cmd on macOS and names ⌘ and ⇧ in the help', async () => {
    await withChat({}, async ({ page, context }) => {
      await context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel' });
        Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => ({ platform: 'macOS' }) });
      });
      await page.reload();
      const nav = page.getByTestId('nav');
      await nav.waitFor();
      await page.keyboard.press('Control+Shift+S');
      await page.waitForTimeout(200);
      expect(await nav.count()).toBe(1);
      await page.keyboard.press('Meta+Shift+S');
      await poll(() => nav.count()).toBe(0);
      await page.keyboard.press('Meta+/');
      await dialog(page).waitFor();
      const newChat = await dialog(page).locator('[data-shortcut="newChat"]').innerText();
      expect(newChat.replace(/\s+/g, ' ')).toBe('New chat ⌘ ⇧ O');
    });
  });
});

describe('focus after a dialog', () => {
  it('goes back to the opener after Esc and after the close button', async () => {
    await withChat({}, async ({ page }) => {
      const userMenu = page.getByTestId('user-menu');
      // Settings from the user menu, closed with its close button: back on the menu's button.
      await userMenu.click();
      await page.getByTestId('open-settings').click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.waitFor();
      await settings.getByRole('button', { name: 'Close' }).click();
      await poll(() => settings.count()).toBe(0);
      await poll(() => focused(page)).toBe('user-menu');

      // The shortcuts dialog from the user menu, closed with Esc.
      await userMenu.press('Enter');
      await page.getByTestId('open-shortcuts').waitFor();
      await page.keyboard.press('ArrowUp');
      await page.getByTestId('open-shortcuts').press('Enter');
      await dialog(page).waitFor();
      await page.keyboard.press('Escape');
      await poll(() => dialog(page).count()).toBe(0);
      await poll(() => focused(page)).toBe('user-menu');

      // Opened with ? from a focused button.
      await page.getByTestId('new-chat').focus();
      await page.keyboard.press('?');
      await dialog(page).waitFor();
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await poll(() => dialog(page).count()).toBe(0);
      await poll(() => focused(page)).toBe('new-chat');
    });
  });
});

describe('sign-in tab order', () => {
  it('goes from the password to "Forgot password?" and then to Continue', async () => {
    const browser = await launchBrowser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Password').focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Forgot password?');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Continue');
    await browser.close();
  });
});

describe('help dialog screenshots', () => {
  for (const [name, options] of [
    ['light', { width: 1280, height: 800, colorScheme: 'light' }],
    ['dark', { width: 1280, height: 800, colorScheme: 'dark' }],
    ['phone', { width: 390, height: 844, colorScheme: 'light' }],
    ['zh-CN', { width: 1280, height: 800, colorScheme: 'light', locale: 'zh-CN' }],
  ] as const) {
    it(`looks right (${name})`, async () => {
      await withChat(options, async ({ page }) => {
        await page.keyboard.press('Control+/');
        await dialog(page).waitFor();
        await animationsDone(page);
        await page.screenshot({ path: artifactPath(`keyboard-shortcuts-${name}.png`) });
      });
    });
  }
});
