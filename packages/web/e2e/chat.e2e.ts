import { describe, expect, it } from 'vitest';
import { artifactPath } from './browser.test-helpers';
import {
  sim,
  poll,
  URL_ID,
  LONG_REPLY,
  openChat,
  send,
  settled,
  messagesOf,
  useChatBrowser,
} from './chat.test-helpers';

useChatBrowser();

describe('chat: send and stream', () => {
  it('shows the placeholder at once, partial text while streaming, then the final reply, URL and title', async () => {
    const chat = await openChat();
    const { page, box, articles } = chat;
    await send(chat, `Tell me a story ${sim({ reply: LONG_REPLY, rate: 12 })}`);
    // The user message and the reply placeholder appear while the reply streams (it has not reached word36 below).
    await poll(() => articles.count()).toBe(2);
    expect(await box.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Stop generating' }).waitFor();
    const reply = chat.lastArticle();
    await poll(() => reply.innerText()).toContain('word3');
    expect(await reply.innerText()).not.toContain('word36');
    // The server named the conversation: the URL follows while the reply streams.
    await page.waitForURL(URL_ID);
    await poll(() => reply.innerText(), 15_000).toContain('word36.');
    const conversationId = await settled(chat);
    const saved = await messagesOf(page, conversationId);
    expect(saved.map((m) => m.text)).toEqual([
      `Tell me a story ${sim({ reply: LONG_REPLY, rate: 12 })}`,
      LONG_REPLY,
    ]);
    // The generated title (the simulator's scripted reply, cut) becomes the document title within ~5 s.
    await poll(() => page.title(), 8000).toMatch(/^word1 word2/);
    await page
      .getByTestId('nav')
      .getByText(/^word1 word2/)
      .first()
      .waitFor();
    await poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await chat.context.close();
  });

  it('Shift+Enter adds a line; Enter during IME composition does not send; blank text is not sent', async () => {
    const chat = await openChat();
    const { page, box, articles } = chat;
    await box.fill('   ');
    await expect(page.getByRole('button', { name: 'Send message' }).isDisabled()).resolves.toBe(true);
    await box.press('Enter');
    await box.fill('line one');
    await box.press('Shift+Enter');
    await box.pressSequentially('line two');
    expect(await box.inputValue()).toBe('line one\nline two');
    // An Enter that ends an IME composition arrives as keyCode 229 / isComposing.
    await box.evaluate((el) => {
      el.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', keyCode: 229, bubbles: true, isComposing: true }),
      );
    });
    await page.waitForTimeout(300);
    expect(await articles.count()).toBe(0);
    expect(await box.inputValue()).toBe('line one\nline two');
    await page.getByRole('button', { name: 'Send message' }).click();
    await poll(() => articles.count()).toBe(2);
    await settled(chat);
    await chat.context.close();
  });

  it('example prompts fill the box and are not sent', async () => {
    const chat = await openChat();
    const { page, box, articles } = chat;
    await page.getByTestId('chat-heading').waitFor();
    await page.getByRole('button', { name: /Understand an image/ }).click();
    await poll(() => box.inputValue()).toContain('Describe what is in the attached picture');
    // It is not sent (landing.e2e.ts follows the cards further: the model they switch to, what is sent).
    expect(await articles.count()).toBe(0);
    await poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await chat.context.close();
  });
});

describe('chat: stop, continue, regenerate, edit', () => {
  it('stops a slow reply (kept, unfinished), then continues it in the same message', async () => {
    const chat = await openChat();
    const { page } = chat;
    await send(chat, `Count ${sim({ rate: 10, tokens: 200 })}`);
    const reply = chat.lastArticle();
    await poll(() => reply.innerText()).toContain('tok4 ');
    await page.getByRole('button', { name: 'Stop generating' }).click();
    // For 200 ms after stopping, Continue shows in the message box too.
    await page.getByTestId('chat-input').getByRole('button', { name: 'Continue' }).waitFor({ timeout: 2000 });
    const conversationId = await settled(chat);
    // It says it was stopped (not that it broke off), with Continue.
    await reply.getByTestId('stopped-notice').getByText('Stopped', { exact: true }).waitFor();
    expect(await page.getByText(/The response is incomplete/).count()).toBe(0);
    const stopped = (await messagesOf(page, conversationId))[1]!;
    expect(stopped.unfinished).toBe(true);
    expect(stopped.text).toMatch(/^tok1 tok2 tok3 tok4 /);
    await poll(() => reply.innerText()).toContain(stopped.text.trim());
    // The text box stays usable; the way on is the notice's Continue (and the reply's own Continue action).
    expect(await chat.box.isEnabled()).toBe(true);
    expect(await chat.box.getAttribute('placeholder')).not.toMatch(/regenerate/i);
    await reply.getByRole('button', { name: 'Continue', exact: true }).waitFor();

    await reply.getByRole('button', { name: 'Continue generating', exact: true }).click();
    await page.getByRole('button', { name: 'Stop generating' }).waitFor();
    await poll(async () => (await reply.innerText()).length, 10_000).toBeGreaterThan(
      (await reply.innerText()).length + 10,
    );
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await settled(chat);
    const continued = (await messagesOf(page, conversationId))[1]!;
    expect(continued.messageId).toBe(stopped.messageId);
    expect(continued.text.startsWith(stopped.text)).toBe(true);
    expect(continued.text.length).toBeGreaterThan(stopped.text.length);
    expect(continued.isEdited).toBe(true);
    expect(await chat.articles.count()).toBe(2);
    await chat.context.close();
  });

  it('after Stop the box takes a new question at once; its parent is the stopped reply', async () => {
    const chat = await openChat();
    const { page } = chat;
    await send(chat, `Count ${sim({ rate: 20, tokens: 200 })}`);
    await poll(() => chat.lastArticle().innerText()).toContain('tok3 ');
    await page.getByRole('button', { name: 'Stop generating' }).click();
    const conversationId = await settled(chat);
    expect(await chat.box.isEnabled()).toBe(true);
    await send(chat, `Something else ${sim({ reply: 'A new answer.' })}`);
    await poll(() => chat.lastArticle().innerText()).toContain('A new answer.');
    await settled(chat);
    const [, stopped, next, reply] = await messagesOf(page, conversationId);
    expect(stopped).toMatchObject({ unfinished: true, error: false });
    expect(next).toMatchObject({ isCreatedByUser: true, parentMessageId: stopped!.messageId });
    expect(reply).toMatchObject({ parentMessageId: next!.messageId, text: 'A new answer.' });
    expect(await chat.articles.count()).toBe(4);
    await chat.context.close();
  });

  it('regenerate adds a sibling reply shown as 2 / 2; Previous and Next switch between them', async () => {
    const chat = await openChat();
    const { page } = chat;
    await send(chat, `Hi ${sim({ reply: 'Only answer.' })}`);
    const conversationId = await settled(chat);
    const first = await chat.lastArticle().getAttribute('data-message-id');
    await chat.lastArticle().getByRole('button', { name: 'Regenerate' }).click();
    await settled(chat);
    const reply = chat.lastArticle();
    await poll(() => reply.getAttribute('data-message-id')).not.toBe(first);
    const second = await reply.getAttribute('data-message-id');
    await reply.getByText('2 / 2').waitFor();
    await reply.getByRole('button', { name: 'Previous' }).click();
    await poll(() => chat.lastArticle().getAttribute('data-message-id')).toBe(first);
    await chat.lastArticle().getByText('1 / 2').waitFor();
    await chat.lastArticle().getByRole('button', { name: 'Next' }).click();
    await poll(() => chat.lastArticle().getAttribute('data-message-id')).toBe(second);
    const saved = await messagesOf(page, conversationId);
    expect(saved.filter((m) => m.isCreatedByUser)).toHaveLength(1);
    expect(
      saved
        .filter((m) => !m.isCreatedByUser)
        .map((m) => m.messageId)
        .sort(),
    ).toEqual([first, second].sort());
    await chat.context.close();
  });

  it('edits a user message and resubmits it as a new branch; saves an AI message in place', async () => {
    const chat = await openChat();
    const { page } = chat;
    await send(chat, `First ${sim({ reply: 'Answer one.' })}`);
    const conversationId = await settled(chat);
    const user = chat.articles.first();
    await user.hover();
    await user.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit message' });
    await editor.fill(`Second ${sim({ reply: 'Answer two.' })}`);
    await page.getByRole('button', { name: 'Save & Submit' }).click();
    await poll(() => chat.lastArticle().innerText()).toContain('Answer two.');
    await settled(chat);
    await chat.articles.first().getByText('2 / 2').waitFor();
    let saved = await messagesOf(page, conversationId);
    expect(saved.filter((m) => m.isCreatedByUser)).toHaveLength(2);

    // Save only: the AI message's text changes in place, nothing is sent.
    const reply = chat.lastArticle();
    await reply.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Edit message' }).fill('Answer two, corrected by hand.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => chat.lastArticle().innerText()).toContain('Answer two, corrected by hand.');
    await poll(async () => (await messagesOf(page, conversationId)).length).toBe(4);
    saved = await messagesOf(page, conversationId);
    expect(saved.find((m) => m.text === 'Answer two, corrected by hand.')).toBeTruthy();

    await chat.context.close();
  });
});

describe('chat: reload mid-stream', () => {
  it('re-attaches to the running reply and completes it once, with no duplicated or lost text', async () => {
    const chat = await openChat();
    const { page } = chat;
    await send(chat, `Slowly ${sim({ rate: 15, tokens: 150 })}`);
    await page.waitForURL(URL_ID);
    await poll(() => chat.lastArticle().innerText()).toContain('tok8 ');
    await page.reload();
    const reply = page.locator('[role="log"] article').last();
    await poll(() => reply.innerText()).toContain('tok');
    await page.getByRole('button', { name: 'Stop generating' }).waitFor();
    // Still streaming after the reload: partial first, then the end.
    expect(await reply.innerText()).not.toContain('tok150 ');
    await poll(() => reply.innerText(), 25_000).toContain('tok150');
    const conversationId = await settled(chat);
    const full = Array.from({ length: 150 }, (_, i) => `tok${i + 1} `).join('');
    const saved = await messagesOf(page, conversationId);
    expect(saved[1]!.text).toBe(full);
    const shown = await reply.innerText();
    expect(shown.split('tok1 ').length - 1).toBe(1);
    expect(shown).toContain(full.trim());
    await chat.context.close();
  });

  it('leaving a reply mid-stream (New chat) lets it finish on the server; going back shows it whole', async () => {
    const chat = await openChat();
    const { page } = chat;
    await send(chat, `Background ${sim({ rate: 15, tokens: 45 })}`);
    await page.waitForURL(URL_ID);
    await poll(() => chat.lastArticle().innerText()).toContain('tok3 ');
    await page.getByTestId('new-chat').click();
    await page.getByTestId('chat-heading').waitFor();
    // Nothing is in progress in the new chat: it can be used at once.
    await poll(() => page.getByRole('button', { name: 'Stop generating' }).count()).toBe(0);
    expect(await chat.box.isEnabled()).toBe(true);
    await page.goBack();
    await page.waitForURL(URL_ID);
    const reply = page.locator('[role="log"] article').last();
    await poll(() => reply.innerText(), 15_000).toContain('tok45');
    const conversationId = await settled(chat);
    const full = Array.from({ length: 45 }, (_, i) => `tok${i + 1} `).join('');
    expect((await messagesOf(page, conversationId))[1]!.text).toBe(full);
    expect((await reply.innerText()).split('tok1 ').length - 1).toBe(1);
    await chat.context.close();
  });
});

describe('chat: keys', () => {
  it('an endpoint that needs the user key: the box asks for it and opens the key dialog', async () => {
    const chat = await openChat();
    const { page } = chat;
    await page.getByTestId('endpoint-menu').click();
    await page.getByRole('menuitem', { name: /^Anthropic/ }).click();
    await page.getByRole('menuitemradio', { name: 'claude-sonnet-4-5', exact: true }).click();
    const dialog = page.getByTestId('key-dialog');
    // Picking the endpoint may open the dialog by itself; close it to see the box.
    if (
      await dialog.waitFor({ timeout: 2000 }).then(
        () => true,
        () => false,
      )
    ) {
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    const ask = page.getByRole('button', { name: 'Set your API key for Anthropic to start chatting' });
    await ask.waitFor();
    expect(await chat.box.count()).toBe(0);
    await page.screenshot({ path: artifactPath('chat-needs-key.png') });
    await ask.click();
    await dialog.waitFor();
    await chat.context.close();
  });
});
