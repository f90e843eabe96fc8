import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { artifactPath } from './browser.test-helpers';
import {
  sim,
  poll,
  openChat,
  send,
  settled,
  messagesOf,
  useChatBrowser,
  type Chat,
} from './chat.test-helpers';
import { apiFromPage } from './session.test-helpers';

useChatBrowser();

describe('chat: errors', () => {
  it.each([
    [{ status: 401, kind: 'invalid_key' }, /The AI service refused this site’s API key/],
    [{ status: 429, kind: 'quota' }, /This site’s API key has reached its usage limit/],
    [{ status: 400, kind: 'moderation' }, /content filter refused this request/],
    [{ status: 500, kind: 'server' }, /The AI service had a problem on its side/],
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
    await poll(() => chat.lastArticle().innerText()).toMatch(/refused this site’s API key/);
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
      // The text first, then the error under it (measured again while the reply is still being drawn, which a busy
      // machine can catch between the live reply and the saved one).
      await poll(async () => {
        const text = await reply.getByText('tok1 tok2 tok3').boundingBox();
        const alert = await reply.getByRole('alert').boundingBox();
        return text && alert ? alert.y > text.y : null;
      }).toBe(true);
      expect(await reply.getByRole('alert').innerText()).toMatch(error);
      await reply.getByRole('button', { name: 'Continue' }).waitFor();
      await reply.getByRole('button', { name: 'Regenerate' }).waitFor();
      await reply.getByTestId('go-on-hint').waitFor();
      expect(await chat.box.isEnabled()).toBe(true);
    };
    // Live: the error as it arrived.
    await check(/The AI service had a problem on its side/);
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

describe('chat: provider errors in the user’s language (docs/decisions.md, Everyday chat (errors and models))', () => {
  const MISSING = 'The model `gpt-x` does not exist or you do not have access to it.';
  // Each scripted provider failure, the headline it gets in each language, and the provider's words behind Details.
  const CASES = [
    {
      error: { status: 404, kind: 'not_found', message: MISSING },
      'en-US': 'This model is not available at the AI service. Pick another model in the model menu.',
      'zh-CN': 'AI 服务上没有这个模型。请在模型菜单中选择其他模型。',
      detail: `HTTP 404: ${MISSING}`,
    },
    {
      error: { status: 429, kind: 'rate_limit' },
      'en-US': 'The AI service is getting too many requests right now.',
      'zh-CN': 'AI 服务当前请求过多。',
      detail: 'HTTP 429: Rate limit reached (simulated).',
    },
    {
      error: { status: 400, kind: 'context_length' },
      'en-US': 'This conversation is too long for the model.',
      'zh-CN': '对话太长，超出了此模型的上限。',
      detail: "HTTP 400: This model's maximum context length is 8192 tokens.",
    },
    {
      error: { status: 500, kind: 'server' },
      'en-US': 'The AI service had a problem on its side.',
      'zh-CN': 'AI 服务出现故障。',
      detail: 'HTTP 500: The server had an error while processing your request (simulated).',
    },
  ] as const;

  /** Sends in any language: Enter in the box once it is usable (an Enter before the endpoint is known waits). */
  async function sendAny(chat: Chat, text: string): Promise<void> {
    await poll(() => chat.box.isEnabled()).toBe(true);
    await chat.box.fill(text);
    await chat.box.press('Enter');
  }

  it.each([
    ['en-US', 'Message', 'Details'],
    ['zh-CN', '消息', '详情'],
  ] as const)(
    'in %s: a localized headline, the raw provider text hidden until Details is opened',
    async (locale, boxName, details) => {
      const chat = await openChat({ locale }, boxName);
      for (const [i, c] of CASES.entries()) {
        await sendAny(chat, `Case ${i} ${sim({ error: c.error })}`);
        const reply = chat.lastArticle();
        const alert = reply.getByRole('alert');
        await poll(() => chat.articles.count()).toBe(2 * (i + 1));
        await alert.waitFor();
        await poll(() => alert.innerText()).toContain(c[locale]);
        // The provider's English is not the headline: it waits, closed, behind Details.
        const raw = alert.getByTestId('error-detail');
        expect(await alert.innerText()).not.toContain('message' in c.error ? c.error.message : 'simulated');
        expect(await raw.isVisible()).toBe(false);
        const summary = alert.locator('summary');
        expect(await summary.innerText()).toBe(details);
        await summary.click();
        await raw.waitFor();
        expect(await raw.innerText()).toContain(c.detail);
        if (i === 0) await chat.page.screenshot({ path: artifactPath(`chat-error-details-${locale}.png`) });
      }
      await chat.context.close();
    },
  );

  it('a refused key names Set API key on an endpoint of the user’s own key, and no key button on the operator’s', async () => {
    const chat = await openChat();
    const { page } = chat;
    // Fail at the stuck step, with its locator, rather than at the test's timeout.
    page.setDefaultTimeout(10_000);
    // The operator's endpoint (OpenAI here): nothing for the user to set.
    await send(chat, `Fail ${sim({ error: { status: 401, kind: 'invalid_key' } })}`);
    const operatorAlert = chat.lastArticle().getByRole('alert');
    await poll(() => operatorAlert.innerText()).toContain(
      'The AI service refused this site’s API key. There is nothing to set on your side',
    );
    expect(await operatorAlert.innerText()).not.toMatch(/Set API key|Set Token/);
    expect(await operatorAlert.getByRole('button').count()).toBe(0);
    // The key's own words may quote it: no Details.
    expect(await operatorAlert.locator('details summary').count()).toBe(0);
    await settled(chat);

    // Anthropic takes each user's key: store one, pick it, and the provider refuses it.
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const saved = await apiFromPage(page, '/api/keys', {
      method: 'PUT',
      json: { name: 'anthropic', value: 'sk-ant-wrong', expiresAt },
    });
    expect(saved.status).toBe(201);
    await page.getByTestId('new-chat').click();
    await page.getByTestId('endpoint-menu').click();
    await page.getByRole('menuitem', { name: /^Anthropic/ }).click();
    await page.getByRole('menuitemradio', { name: 'claude-sonnet-4-5', exact: true }).click();
    await poll(() => page.getByTestId('endpoint-menu').textContent()).toContain(
      'Anthropic · claude-sonnet-4-5',
    );
    // The key stored above counts: picking Anthropic does not ask for one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await page.getByTestId('key-dialog').count()).toBe(0);
    await send(chat, `Fail ${sim({ error: { status: 401, kind: 'invalid_key' } })}`);
    const alert = chat.lastArticle().getByRole('alert');
    await poll(() => alert.innerText()).toContain(
      'Your API key was refused. Check it, then set it again with Set API key.',
    );
    await page.screenshot({ path: artifactPath('chat-error-user-key.png') });
    // The way out is right there: Set API key opens this endpoint's key dialog.
    await alert.getByRole('button', { name: 'Set API key' }).click();
    const dialog = page.getByTestId('key-dialog');
    await dialog.getByRole('heading', { name: 'Set API Key for Anthropic' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
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
