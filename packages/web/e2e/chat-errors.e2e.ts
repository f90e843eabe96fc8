import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { artifactPath } from './browser.test-helpers';
import { sim, poll, openChat, send, settled, messagesOf, useChatBrowser } from './chat.test-helpers';

useChatBrowser();

describe('chat: errors', () => {
  it.each([
    [{ status: 401, kind: 'invalid_key' }, /Invalid API key/],
    [{ status: 429, kind: 'quota' }, /default API key has reached its limit/],
    [{ status: 400, kind: 'moderation' }, /flagged by our moderation system/],
    [{ status: 500, kind: 'server' }, /Send failed\. Error info: .*server had an error/],
  ])(
    'upstream %j shows its mapped message; the box stays usable and the way on shows under the error',
    async (error, shown) => {
      const chat = await openChat();
      const { page } = chat;
      await send(chat, `Fail ${sim({ error })}`);
      await poll(() => chat.lastArticle().innerText()).toMatch(shown);
      const conversationId = await settled(chat);
      expect((await messagesOf(page, conversationId)).map((m) => m.error)).toEqual([false, true]);
      // The box is not locked: the hint to go on shows under the errored reply instead.
      expect(await chat.box.isEnabled()).toBe(true);
      expect(await chat.box.getAttribute('placeholder')).not.toMatch(/regenerate/i);
      await chat.lastArticle().getByTestId('go-on-hint').waitFor();
      expect(await chat.lastArticle().getByTestId('go-on-hint').innerText()).toMatch(/regenerate this reply/);
      if (error.kind === 'invalid_key') await page.screenshot({ path: artifactPath('chat-error.png') });
      // Regenerate is one way on: a new reply sibling (failing again, as scripted).
      await chat.lastArticle().getByRole('button', { name: 'Regenerate' }).click();
      await chat.lastArticle().getByText('2 / 2').waitFor();
      await settled(chat);
      expect(await chat.box.isEnabled()).toBe(true);
      await chat.context.close();
    },
  );

  it('a new question after an errored reply branches from it (its parent is the errored reply)', async () => {
    const chat = await openChat();
    const { page } = chat;
    await send(chat, `Fail ${sim({ error: { status: 401, kind: 'invalid_key' } })}`);
    await poll(() => chat.lastArticle().innerText()).toMatch(/Invalid API key/);
    const conversationId = await settled(chat);
    await send(chat, `Try again ${sim({ reply: 'This time it worked.' })}`);
    await poll(() => chat.lastArticle().innerText()).toContain('This time it worked.');
    await settled(chat);
    const [question, errored, next, reply] = await messagesOf(page, conversationId);
    expect(errored).toMatchObject({ error: true, parentMessageId: question!.messageId });
    expect(next).toMatchObject({ isCreatedByUser: true, parentMessageId: errored!.messageId });
    expect(reply).toMatchObject({ error: false, text: 'This time it worked.' });
    expect(await chat.articles.count()).toBe(4);
    // The errored reply above is no longer the latest: no hint any more.
    expect(await page.getByTestId('go-on-hint').count()).toBe(0);
    await chat.context.close();
  });

  it('a failure mid-stream keeps the partial text, unfinished, with the error under it, live and after a reload', async () => {
    const chat = await openChat();
    const { page } = chat;
    const script = { tokens: 6, errorAfter: 3, error: { status: 500, kind: 'server' } };
    await send(chat, `Half ${sim(script)}`);
    const reply = chat.lastArticle();
    await reply.getByRole('alert').waitFor();
    const conversationId = await settled(chat);
    const saved = (await messagesOf(page, conversationId))[1]!;
    expect(saved).toMatchObject({ error: true, unfinished: true, text: 'tok1 tok2 tok3 ' });
    const check = async (error: RegExp) => {
      await poll(() => reply.innerText()).toContain('tok1 tok2 tok3');
      // The text first, then the error under it.
      const text = await reply.getByText('tok1 tok2 tok3').boundingBox();
      const alert = await reply.getByRole('alert').boundingBox();
      expect(alert!.y).toBeGreaterThan(text!.y);
      expect(await reply.getByRole('alert').innerText()).toMatch(error);
      await reply.getByRole('button', { name: 'Continue' }).waitFor();
      await reply.getByRole('button', { name: 'Regenerate' }).waitFor();
      await reply.getByTestId('go-on-hint').waitFor();
      expect(await chat.box.isEnabled()).toBe(true);
    };
    // Live: the error as it arrived.
    await check(/Send failed\. Error info: .*server had an error/);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: artifactPath('chat-error-partial.png') });
    // After a reload: the saved partial reply, with a note that an error cut it.
    await page.reload();
    await reply.getByRole('alert').waitFor();
    await check(/An error stopped this reply before its end/);
    await page.screenshot({ path: artifactPath('chat-error-partial-reloaded.png') });
    // Continue goes on from the partial text, in the same message.
    await reply.getByRole('button', { name: 'Continue' }).click();
    await settled(chat);
    const continued = (await messagesOf(page, conversationId))[1]!;
    expect(continued.messageId).toBe(saved.messageId);
    expect(continued.text.startsWith(saved.text)).toBe(true);
    expect(continued.text.length).toBeGreaterThan(saved.text.length);
    await chat.context.close();
  });

  it('a reply that errors with no text shows only the error box', async () => {
    const chat = await openChat();
    const { page } = chat;
    await send(chat, `Fail ${sim({ error: { status: 500, kind: 'server' } })}`);
    const reply = chat.lastArticle();
    await reply.getByRole('alert').waitFor();
    const conversationId = await settled(chat);
    expect((await messagesOf(page, conversationId))[1]).toMatchObject({
      error: true,
      unfinished: false,
      text: '',
    });
    expect(await reply.getByRole('alert').count()).toBe(1);
    expect(await reply.getByRole('note').count()).toBe(0);
    expect(await reply.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    await page.reload();
    await reply.getByRole('alert').waitFor();
    expect(await reply.getByRole('alert').innerText()).toMatch(/Something went wrong while generating/);
    expect(await reply.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    await chat.context.close();
  });

  it('a refused send (429 message_limit) shows the limit under the message; New chat starts clean', async () => {
    const chat = await openChat();
    const { page } = chat;
    const message = JSON.stringify({ type: 'message_limit', max: 40, windowInMinutes: 15 });
    await page.route('**/api/ask/**', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'RATE_LIMITED', message }),
      }),
    );
    await send(chat, 'One more?');
    await poll(() => chat.lastArticle().innerText()).toContain(
      'You hit the message limit. You have a cap of 40 message(s) per 15 minutes.',
    );
    await poll(() => page.getByRole('button', { name: 'Stop generating' }).count()).toBe(0);
    expect(page.url()).toMatch(/\/c\/new$/);
    expect(await chat.box.isEnabled()).toBe(true);
    await page.getByTestId('new-chat').click();
    await page.getByTestId('chat-heading').waitFor();
    expect(await chat.articles.count()).toBe(0);
    await chat.context.close();
  });

  it('after a refused send in a saved conversation, the next question branches from the last saved message', async () => {
    const chat = await openChat();
    const { page } = chat;
    await send(chat, `Hi ${sim({ reply: 'Hello there.' })}`);
    await poll(() => chat.lastArticle().innerText()).toContain('Hello there.');
    const conversationId = await settled(chat);
    const message = JSON.stringify({ type: 'message_limit', max: 40, windowInMinutes: 15 });
    const refuse = (route: Route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'RATE_LIMITED', message }),
      });
    await page.route('**/api/ask/**', refuse);
    await send(chat, 'One more?');
    await poll(() => chat.lastArticle().innerText()).toContain('You hit the message limit');
    await poll(() => page.getByRole('button', { name: 'Stop generating' }).count()).toBe(0);
    await page.unroute('**/api/ask/**', refuse);
    expect(await chat.box.isEnabled()).toBe(true);
    await send(chat, `Now? ${sim({ reply: 'Yes, now.' })}`);
    await poll(() => chat.lastArticle().innerText()).toContain('Yes, now.');
    await settled(chat);
    const [, first, next] = await messagesOf(page, conversationId);
    expect(next).toMatchObject({ text: expect.stringContaining('Now?'), parentMessageId: first!.messageId });
    // The refused question stays as the earlier sibling, 1 / 2.
    await chat.articles.nth(2).getByText('2 / 2').waitFor();
    await chat.context.close();
  });

  it('a banned account is logged out instead of seeing the error', async () => {
    const chat = await openChat();
    const { page } = chat;
    await page.route('**/api/ask/**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'BANNED',
          message: 'Your account has been temporarily banned due to violations of our service.',
        }),
      }),
    );
    await send(chat, 'Hello?');
    await page.waitForURL(/\/login/);
    await chat.context.close();
  });

  it("a network failure shows 'Error connecting to server' and ends the submission", async () => {
    const chat = await openChat();
    const { page } = chat;
    await page.route('**/api/ask/**', (route) => route.abort('connectionreset'));
    await send(chat, 'Hello?');
    await poll(() => chat.lastArticle().innerText()).toContain('Error connecting to server');
    await poll(() => page.getByRole('button', { name: 'Stop generating' }).count()).toBe(0);
    expect(page.url()).toMatch(/\/c\/new$/);
    await chat.context.close();
  });
});

describe('chat: languages, phone, screenshots', () => {
  it('runs the main flow in zh-CN', async () => {
    const chat = await openChat({ locale: 'zh-CN' }, '消息');
    const { page, box } = chat;
    await page.getByTestId('chat-heading').waitFor();
    await box.fill(
      `你好 ${sim({ reply: '你好！我可以帮你写作、翻译和解答问题。', chunkSize: 2, rate: 10 })}`,
    );
    await page.getByRole('button', { name: '发送消息' }).click();
    await page.getByRole('button', { name: '停止生成' }).waitFor();
    await poll(() => chat.lastArticle().innerText()).toContain('解答问题。');
    await settled(chat);
    await page.screenshot({ path: artifactPath('chat-zh.png') });
    await chat.context.close();
  });

  it('works on a 390 px phone', async () => {
    const chat = await openChat({ width: 390, height: 844 });
    const { page } = chat;
    await page.getByTestId('chat-heading').waitFor();
    await page.screenshot({ path: artifactPath('chat-phone-landing.png') });
    await send(chat, `Phone ${sim({ reply: 'A short answer that fits a **phone** screen nicely.' })}`);
    await chat.lastArticle().locator('strong', { hasText: 'phone' }).waitFor();
    await settled(chat);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.screenshot({ path: artifactPath('chat-phone.png') });
    await chat.context.close();
  });

  it('renders a markdown reply (desktop light and dark screenshots)', async () => {
    const markdown = [
      '## A small plan',
      '',
      'Here is **bold** text, `inline code` and a list:',
      '',
      '- first item',
      '- second item',
      '',
      '```js',
      'console.log("hello");',
      '```',
    ].join('\n');
    for (const colorScheme of ['light', 'dark'] as const) {
      const chat = await openChat({ colorScheme });
      const { page } = chat;
      await page.screenshot({ path: artifactPath(`chat-landing-${colorScheme}.png`) });
      await send(chat, `Plan please ${sim({ reply: markdown })}`);
      await chat.lastArticle().getByRole('heading', { name: 'A small plan' }).waitFor();
      await settled(chat);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: artifactPath(`chat-desktop-${colorScheme}.png`) });
      await chat.context.close();
    }
  });
});
