import { describe, expect, it } from 'vitest';
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
    'upstream %j shows its mapped message and blocks the box until edit or regenerate',
    async (error, shown) => {
      const chat = await openChat();
      const { page } = chat;
      await send(chat, `Fail ${sim({ error })}`);
      await poll(() => chat.lastArticle().innerText()).toMatch(shown);
      const conversationId = await settled(chat);
      expect((await messagesOf(page, conversationId)).map((m) => m.error)).toEqual([false, true]);
      expect(await chat.box.isDisabled()).toBe(true);
      expect(await chat.box.getAttribute('placeholder')).toMatch(/Edit your message or regenerate/);
      if (error.kind === 'invalid_key') await page.screenshot({ path: artifactPath('chat-error.png') });
      // Regenerate is the way out: a new reply sibling (failing again, as scripted).
      await chat.lastArticle().getByRole('button', { name: 'Regenerate' }).click();
      await chat.lastArticle().getByText('2 / 2').waitFor();
      await chat.context.close();
    },
  );

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
    await page.getByTestId('new-chat').click();
    await page.getByTestId('chat-heading').waitFor();
    expect(await chat.articles.count()).toBe(0);
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
