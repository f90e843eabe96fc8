import { describe, expect, it } from 'vitest';
import { openChat, poll, send, settled, sim, useChatBrowser } from './chat.test-helpers';
import { dropFiles, HOVER } from './files-attach.test-helpers';
import { apiFromPage } from './session.test-helpers';

// The message log's code loads on demand (chat-page.tsx). A new chat renders it through React.lazy until it has
// loaded; the page used to switch to the loaded component at its next render, another component type, so React
// remounted the whole log: a reply's open details or a message being edited closed by themselves a moment after a
// first reply (seen in the money and chat specs under load). Here the log's code is held back until the first reply
// and its title are in, so the page's next render comes after the log is on screen, and is then made to happen.

useChatBrowser();

describe('the message log of a new chat', () => {
  it('keeps its rows, and a message being edited, when the page renders again after the log code loaded', async () => {
    const chat = await openChat();
    const { page } = chat;
    let requested = false;
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    await page.route(/\/assets\/chat-messages-[^/]+\.js$/, async (route) => {
      requested = true;
      await released;
      await route.continue();
    });

    await send(chat, `First question ${sim({ reply: 'First answer.' })}`);
    const conversationId = await settled(chat);
    // The title is in (the page has rendered for it) while the log is still waiting for its code.
    await poll(
      async () => (await apiFromPage<{ title: string }>(page, `/api/convos/${conversationId}`)).body.title,
    ).not.toBe('New Chat');
    await poll(() => page.title()).not.toMatch(/^New Chat/);
    expect(requested).toBe(true);
    expect(await chat.articles.count()).toBe(0);

    release();
    await poll(() => chat.lastArticle().innerText()).toContain('First answer.');
    const reply = await chat.lastArticle().elementHandle();
    await chat.articles.first().getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit message' });
    await editor.waitFor();

    // A drag over the chat shows its drop overlay and its end hides it: the page has rendered again, twice.
    const log = page.locator('[role="log"]');
    const file = [{ name: 'a.txt', type: 'text/plain', size: 1 }];
    await dropFiles(log, file, HOVER);
    await page.getByTestId('drop-overlay').waitFor();
    await dropFiles(page.getByTestId('drop-overlay'), file, ['dragleave']);
    await page.getByTestId('drop-overlay').waitFor({ state: 'detached' });

    expect(await reply!.evaluate((el) => el.isConnected)).toBe(true);
    expect(await editor.count()).toBe(1);
    await chat.context.close();
  });
});
