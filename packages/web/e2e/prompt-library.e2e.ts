import { describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { animationsDone, artifactPath } from './browser.test-helpers';
import { openChat, poll, settled, sim, useChatBrowser, type Chat } from './chat.test-helpers';

// The prompt library (docs/reference/prompt-library.md (In the web; The slash picker)): chosen from the dialog or
// with a slash in the empty message box, an entry starts a new chat whose messages carry its prompt prefix.

useChatBrowser();

async function expectAxeClean(page: Page, scope?: string): Promise<void> {
  await animationsDone(page);
  const builder = new AxeBuilder({ page });
  if (scope) builder.include(scope);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Sends `text` and answers the prompt prefix the ask call carried (`sendName`: the Send button in the language). */
async function sendAndReadPrefix(chat: Chat, text: string, sendName = 'Send message'): Promise<unknown> {
  const { page, box } = chat;
  const sendButton = page.getByRole('button', { name: sendName });
  await poll(() => sendButton.isDisabled()).toBe(true);
  await box.fill(text);
  await poll(() => sendButton.isEnabled()).toBe(true);
  const ask = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/ask\/[^/]+$/.test(r.url()));
  await box.press('Enter');
  const body = (await ask).postDataJSON() as { promptPrefix?: unknown };
  await settled(chat);
  return body.promptPrefix;
}

describe('the prompt library', () => {
  it('is searched and paged in its dialog; an entry starts a new chat with its prefix, shown as a chip', async () => {
    const chat = await openChat();
    const { page } = chat;
    await page.getByRole('button', { name: 'Prompt library' }).click();
    const dialog = page.getByTestId('prompt-library-dialog');
    const entries = dialog.getByTestId('prompt-entry');
    await poll(() => entries.count()).toBe(8);
    expect(await dialog.getByTestId('prompt-page').innerText()).toBe('Page 1 of 4');
    // The search box has the focus; the tags show as chips.
    await page.keyboard.type('AI agents');
    await poll(() => entries.count()).toBe(5);
    expect(await dialog.getByTestId('prompt-page').innerText()).toBe('Page 1 of 1');
    await expectAxeClean(page, '[data-testid="prompt-library-dialog"]');
    await page.screenshot({ path: artifactPath('prompt-library-desktop-light.png') });
    await dialog.getByRole('searchbox').fill('');
    await dialog.getByRole('button', { name: 'Next page' }).click();
    expect(await dialog.getByTestId('prompt-page').innerText()).toBe('Page 2 of 4');
    await dialog.getByRole('searchbox').fill('MOCK interview');
    await poll(() => entries.count()).toBe(1);
    await entries.first().click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('prompt-chip').getByText('Prompt: Mock interviewer').waitFor();
    await expectAxeClean(page, '[data-testid="chat-input"]');
    await page.screenshot({ path: artifactPath('prompt-library-chip-desktop-light.png') });
    const prefix = await sendAndReadPrefix(chat, `Hello ${sim({ reply: 'First question: why this job?' })}`);
    expect(prefix).toMatch(/^Act as an interviewer for the job I name\./);

    // Removed from the chip: the next message goes without it.
    await page.getByRole('button', { name: 'Remove the prompt “Mock interviewer”' }).click();
    expect(await page.getByTestId('prompt-chip').count()).toBe(0);
    expect(await sendAndReadPrefix(chat, `Again ${sim({ reply: 'ok' })}`)).toBeNull();
    await chat.context.close();
  });

  it("opens on a home page category's tag from /c/new?promptLibrary=, and the address drops it", async () => {
    const chat = await openChat();
    const { page } = chat;
    await page.goto(`${new URL(page.url()).origin}/c/new?promptLibrary=translation`);
    const dialog = page.getByTestId('prompt-library-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('searchbox').inputValue()).toBe('translation');
    const entries = dialog.getByTestId('prompt-entry');
    await poll(() => entries.count()).toBe(5);
    expect(new URL(page.url()).search).toBe('');
    // Closed, a reload does not open it again; an unknown category is an ordinary new chat.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await chat.box.waitFor();
    expect(await dialog.count()).toBe(0);
    await page.goto(`${new URL(page.url()).origin}/c/new?promptLibrary=nope`);
    await chat.box.waitFor();
    await poll(() => new URL(page.url()).search).toBe('');
    expect(await dialog.count()).toBe(0);
    await chat.context.close();
  });

  it('opens with / in the message box: filtered, arrows and Enter choose, Esc closes', async () => {
    const chat = await openChat();
    const { page, box } = chat;
    await sendAndReadPrefix(chat, `Earlier chat ${sim({ reply: 'ok' })}`);
    const started = page.url();

    await box.fill('/');
    const picker = page.getByRole('listbox', { name: 'Prompts' });
    await poll(() => picker.getByRole('option').count()).toBe(8);
    await box.pressSequentially('zzzz');
    await page.getByText('No prompt matches. Esc closes this list.').waitFor();
    await box.press('Escape');
    await poll(() => page.getByText('No prompt matches').count()).toBe(0);
    expect(await box.inputValue()).toBe('/zzzz');
    // Closed until the slash is gone: more typing leaves it closed, an emptied box starts over.
    await box.pressSequentially('z');
    expect(await page.getByText('No prompt matches').count()).toBe(0);
    await box.fill('');

    // "code" is in two titles and in two more prefixes.
    await box.fill('/code');
    await poll(() => picker.getByRole('option').count()).toBe(4);
    expect(await picker.getByRole('option', { selected: true }).innerText()).toContain('Explain this code');
    await box.press('ArrowDown');
    expect(await picker.getByRole('option', { selected: true }).innerText()).toContain('Code review');
    expect(await box.getAttribute('aria-activedescendant')).toBe('prompt-slash-picker-1');
    await expectAxeClean(page, '[data-testid="chat-input"]');
    await page.screenshot({ path: artifactPath('prompt-library-slash-desktop-light.png') });
    await box.press('Enter');

    // A new chat, the box empty, the chip naming the entry; the conversation before is left as it was.
    await page.waitForURL((url) => url.pathname === '/c/new');
    expect(page.url()).not.toBe(started);
    expect(await box.inputValue()).toBe('');
    await page.getByTestId('prompt-chip').getByText('Prompt: Code review').waitFor();
    const prefix = await sendAndReadPrefix(chat, `function f() {} ${sim({ reply: 'Looks fine.' })}`);
    expect(prefix).toMatch(/^Review the code I send as a careful senior engineer/);
    await chat.context.close();
  });

  it('serves the Chinese set and takes 、 as the slash, on a phone in the dark', async () => {
    const chat = await openChat({ locale: 'zh-CN', width: 390, height: 844, colorScheme: 'dark' }, '消息');
    const { page, box } = chat;
    await box.fill('、周报');
    const picker = page.getByRole('listbox', { name: '提示词' });
    await poll(() => picker.getByRole('option').count()).toBe(1);
    await page.screenshot({ path: artifactPath('prompt-library-slash-phone-dark.png') });
    await box.fill('');

    await page.getByRole('button', { name: '提示词库' }).click();
    const dialog = page.getByTestId('prompt-library-dialog');
    await poll(() => dialog.getByTestId('prompt-entry').count()).toBe(8);
    expect(await dialog.getByTestId('prompt-entry').first().innerText()).toContain('润色文字');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAxeClean(page, '[data-testid="prompt-library-dialog"]');
    await page.screenshot({ path: artifactPath('prompt-library-phone-dark.png') });
    await dialog.getByRole('searchbox').fill('AI 角色');
    await poll(() => dialog.getByTestId('prompt-entry').count()).toBe(5);
    await dialog.getByTestId('prompt-entry').filter({ hasText: '旅行规划师' }).click();
    await page.getByTestId('prompt-chip').getByText('提示词：旅行规划师').waitFor();
    await page.screenshot({ path: artifactPath('prompt-library-chip-phone-dark.png') });
    const prefix = await sendAndReadPrefix(
      chat,
      `去杭州三天 ${sim({ reply: '好的，先问几个问题' })}`,
      '发送消息',
    );
    expect(prefix).toMatch(/^请扮演旅行规划师/);
    await poll(() => chat.lastArticle().innerText()).toContain('好的，先问几个问题');
    await chat.context.close();
  });
});
