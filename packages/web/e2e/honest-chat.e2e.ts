import { describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { Conversation } from '@parley/shared';
import { animationsDone, artifactPath } from './browser.test-helpers';
import { messagesOf, poll, sim, URL_ID, useChatBrowser, type Chat } from './chat.test-helpers';
import { dropFiles, openReadyChat, pngFile, uploaded } from './files-attach.test-helpers';
import { apiFromPage } from './session.test-helpers';

useChatBrowser();

// Nothing dropped without a word, and honest messages (issue 24), in zh-CN on a phone and a desktop: an image the
// model can't read is announced with a model that can, a stopped first reply titles its chat, and a stopped reply
// says it was stopped.

const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const openZh = (screen: (typeof SCREENS)[number], colorScheme: 'light' | 'dark' = 'light') =>
  openReadyChat({ locale: 'zh-CN', width: screen.width, height: screen.height, colorScheme }, '消息');
const sendButton = (chat: Chat) => chat.page.getByRole('button', { name: '发送消息', exact: true });

const stopButton = (chat: Chat) => chat.page.getByRole('button', { name: '停止生成', exact: true });

async function send(chat: Chat, text: string): Promise<void> {
  await chat.box.fill(text);
  await poll(() => sendButton(chat).isEnabled()).toBe(true);
  await chat.box.press('Enter');
}

/** Waits for the reply in flight to end and answers the conversation id in the URL. */
async function settled(chat: Chat): Promise<string> {
  await poll(() => stopButton(chat).count(), 15_000).toBe(0);
  await chat.page.waitForURL(URL_ID);
  return URL_ID.exec(chat.page.url())![1]!;
}

/** axe-core's violations inside one part of the page (ids and the nodes' summaries), for an exact `[]`. */
async function violationsIn(page: Page, selector: string): Promise<string[]> {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.failureSummary ?? ''}`));
}

/** Picks a model through the model menu (zh-CN names). */
async function pickModel(chat: Chat, endpoint: string, model: string): Promise<void> {
  const { page } = chat;
  await page.getByTestId('endpoint-menu').click();
  // By keyboard: the same on a phone, where the submenu opens on a tap, and on a desktop, where it opens on hover.
  await page.getByRole('menuitem', { name: new RegExp(`^${endpoint}`) }).focus();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('menuitemradio', { name: model, exact: true }).click();
  await poll(() => page.getByTestId('endpoint-menu').textContent()).toContain(model);
}

describe.each(SCREENS)('an image the model cannot read, zh-CN on a $name', (screen) => {
  it('is announced at attach time and when the model changes, with a model that can read it', async () => {
    const chat = await openZh(screen, screen.name === 'phone' ? 'dark' : 'light');
    const { page } = chat;
    // The e2e server's OpenAI list starts with gpt-3.5-turbo, which reads no image.
    await poll(async () => (await chat.box.getAttribute('placeholder')) ?? '').toMatch(/gpt-3\.5-turbo/);
    await dropFiles(page.getByTestId('chat-input'), [await pngFile('photo.png')]);
    await uploaded(page, 1);
    const notice = page.getByTestId('vision-notice');
    await poll(() => notice.innerText()).toContain(
      'gpt-3.5-turbo 无法读取图片，看不到这张图。请换用能读取图片的模型，或移除图片。',
    );
    expect(await notice.getAttribute('role')).toBe('status');
    await chat.box.fill('这张图里有什么？');
    // Send waits: the server would refuse the image rather than drop it.
    expect(await sendButton(chat).isDisabled()).toBe(true);
    await page.screenshot({ path: artifactPath(`vision-notice-${screen.name}.png`) });
    expect(await violationsIn(page, '[data-testid="vision-notice"]')).toEqual([]);

    await page.getByRole('button', { name: '改用 gpt-4-vision-preview', exact: true }).click();
    await poll(() => page.getByTestId('endpoint-menu').textContent()).toContain('gpt-4-vision-preview');
    await poll(() => notice.count()).toBe(0);
    expect(await sendButton(chat).isEnabled()).toBe(true);

    // Back to a model that can't read it, the image still attached: said again.
    await pickModel(chat, 'OpenAI', 'gpt-4');
    await poll(() => notice.innerText()).toContain('gpt-4 无法读取图片');
    expect(await sendButton(chat).isDisabled()).toBe(true);
    await page.getByRole('button', { name: '改用 gpt-4-vision-preview', exact: true }).click();
    await poll(() => notice.count()).toBe(0);

    // Sent to the model that reads it: the simulator's reply says which image arrived.
    await sendButton(chat).click();
    await poll(() => chat.lastArticle().innerText()).toMatch(/\[image image\/png \d+ bytes/);
    await settled(chat);

    // Answered again by a model that can't read it: refused in the same words, not sent as its text alone.
    await pickModel(chat, 'OpenAI', 'gpt-4');
    await chat.lastArticle().getByRole('button', { name: '重新生成', exact: true }).click();
    await poll(() =>
      page.getByText('当前模型无法读取图片。请换用能读取图片的模型，或移除图片。').count(),
    ).toBe(1);
    await page.screenshot({ path: artifactPath(`vision-regenerate-${screen.name}.png`) });
    await chat.context.close();
  });
});

describe.each(SCREENS)('a stopped reply, zh-CN on a $name', (screen) => {
  it('says it was stopped, with Continue, and titles the new chat with the question', async () => {
    const chat = await openZh(screen, screen.name === 'phone' ? 'dark' : 'light');
    const { page } = chat;
    const question = '给我讲讲杭州西湖的十个景点';
    await send(chat, `${question} ${sim({ rate: 10, tokens: 200 })}`);
    const reply = chat.lastArticle();
    await poll(() => reply.innerText()).toContain('tok3 ');
    await stopButton(chat).click();
    const conversationId = await settled(chat);
    const notice = reply.getByTestId('stopped-notice');
    await poll(() => notice.innerText()).toContain('已停止生成');
    expect(await reply.getByText(/回复不完整/).count()).toBe(0);
    // The title is the question, at once: the list, the tab, and (on a desktop) the header.
    const listed = await apiFromPage<Conversation>(page, `/api/convos/${conversationId}`);
    expect(listed.body.title).toBe(question);
    await poll(() => page.title()).toContain(question);
    if (screen.name === 'desktop') {
      await poll(() => page.getByTestId('conversation-header-title').textContent()).toBe(question);
      await poll(() => page.getByTestId('conversation-item').first().innerText()).toContain(question);
    }
    await page.screenshot({ path: artifactPath(`stopped-reply-${screen.name}.png`) });
    expect(await violationsIn(page, '[data-testid="stopped-notice"]')).toEqual([]);

    // After a reload it still says stopped.
    await page.reload();
    await poll(() => page.getByTestId('stopped-notice').innerText(), 15_000).toContain('已停止生成');
    const stopped = (await messagesOf(page, conversationId))[1]!;
    expect(stopped).toMatchObject({ unfinished: true, error: false, finish_reason: 'incomplete' });

    // Continue goes on in the same message.
    await page.getByRole('button', { name: '继续生成', exact: true }).click();
    await stopButton(chat).waitFor();
    // Stop once the continuation has shown a token: a Stop before the first one keeps the text as it was.
    const tokens = (text: string) => text.match(/tok\d+/g)?.length ?? 0;
    await poll(async () => tokens(await chat.lastArticle().innerText())).toBeGreaterThan(
      tokens(stopped.text),
    );
    await stopButton(chat).click();
    await settled(chat);
    const continued = (await messagesOf(page, conversationId))[1]!;
    expect(continued.messageId).toBe(stopped.messageId);
    expect(continued.text.length).toBeGreaterThan(stopped.text.length);
    await chat.context.close();
  });
});

describe('a reply that broke off without Stop, zh-CN', () => {
  it('keeps the incomplete notice', async () => {
    const chat = await openZh(SCREENS[1]);
    const { page } = chat;
    await send(chat, `断了 ${sim({ reply: 'Half an answer' })}`);
    const conversationId = await settled(chat);
    // As a reply left behind by a server that went away is saved: unfinished, no finish reason.
    await page.route(`**/api/messages/${conversationId}`, async (route) => {
      const response = await route.fetch();
      const messages = (await response.json()) as Array<Record<string, unknown>>;
      const body = messages.map((m) =>
        m.isCreatedByUser ? m : { ...m, unfinished: true, finish_reason: undefined },
      );
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await poll(() => chat.lastArticle().innerText(), 15_000).toContain('回复不完整');
    expect(await page.getByTestId('stopped-notice').count()).toBe(0);
    await chat.context.close();
  });
});
