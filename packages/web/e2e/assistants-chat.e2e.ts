import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Assistant, ChatFinalEvent, ContentPart, Conversation, Message } from '@parley/shared';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { animationsDone, artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { assistantsServerEnv, openBuilder } from './assistants.test-helpers';
import {
  createAssistant,
  DRAWING_CODE,
  FORECAST_FUNCTION,
  poll,
  recordAssistantCalls,
  startForecastSite,
  type ForecastSite,
} from './assistants-chat.test-helpers';
import { sim, URL_ID } from './chat.test-helpers';
import { apiFromPage, signedInPage } from './session.test-helpers';

// Chatting with an assistant in the web (docs/reference/assistants.md (Chatting with an assistant)) against the real
// server and the simulator: the landing names the assistant; sends go to /api/assistants/chat with the assistant and
// then the thread; the code interpreter's step opens to its code and result, and its drawing shows; retrieval and an
// action read as LibreChat shows them; Stop ends a reply through /chat/abort; an edit and a regenerate go through
// /chat/modify. On a desktop in both themes, and on a phone (390 px) in both themes, axe clean.
//
// Not asserted here, because the server on this branch does not send them yet: a retrieval step's `citations` (and
// so the reply's Sources), an action's sign-in link (`auth`, `expires_at`), and the nested `code_interpreter` shape.
// The last describe shows how the web draws those parts from a message list in the shared schema's shapes, for the
// screenshots, the keyboard and axe; it says nothing about the server.

const simUrl = inject('simUrl');
const PHONE = { width: 390, height: 844 };
let browser: Browser;
let server: ServerProcess;
let site: ForecastSite;

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startForecastSite();
  // The action's site is on this machine, which the guard allows only when the operator says so.
  server = await startServer({ ...assistantsServerEnv(simUrl), USER_URL_ALLOWED_RANGES: '127.0.0.1/32' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await site?.close();
});

const ASK_CODE = `Compute it and draw a square. ${sim({
  steps: [
    { toolCalls: [{ name: 'code_interpreter', input: { code: DRAWING_CODE } }] },
    { reply: 'It is 42.' },
  ],
})}`;
const ASK_KNOWLEDGE = `How long do refunds take? ${sim({
  steps: [{ toolCalls: [{ name: 'retrieval', input: { query: 'refunds' } }] }, { reply: 'Within 30 days.' }],
})}`;
const ASK_WEATHER = `Weather in Paris? ${sim({
  steps: [{ toolCalls: [{ name: FORECAST_FUNCTION, input: { city: 'Paris' } }] }, { reply: 'Sunny, 24.' }],
})}`;
// 400 words at 20 a second: still streaming when Stop is pressed.
const ASK_LONG = `Tell me a long story. ${sim({ tokens: 400, rate: 20 })}`;

async function violations(page: Page, scope = '[role="log"]'): Promise<string[]> {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shot(page: Page, name: string): Promise<void> {
  await animationsDone(page);
  await page.screenshot({ path: artifactPath(`assistants-chat-${name}.png`) });
}

interface AssistantChat {
  page: Page;
  assistant: Assistant;
  box: Locator;
  articles: Locator;
  lastReply: () => Locator;
  calls: ReturnType<typeof recordAssistantCalls>;
  close: () => Promise<void>;
}

/**
 * A user with the assistant, on a new chat with it chosen by the builder's Select (the side panel shows from 768 px:
 * a phone chooses it at a desktop's width, then narrows).
 */
async function assistantChat(
  tag: string,
  view: { locale?: string; colorScheme: 'light' | 'dark'; phone?: boolean },
): Promise<AssistantChat> {
  const context = await newContext(browser, { locale: view.locale, colorScheme: view.colorScheme });
  const { page } = await signedInPage(context, server.baseUrl, { tag });
  page.setDefaultTimeout(15_000);
  const assistant = await createAssistant(page, site.url);
  const panel = await openBuilder(page);
  await panel.getByTestId('assistant-select').selectOption(assistant.id);
  await poll(() => panel.getByTestId('assistant-name').inputValue()).toBe('Data helper');
  await panel.getByTestId('assistant-use').click();
  if (view.phone) await toPhone(page);
  const box = page.getByRole('textbox', { name: view.locale === 'zh-CN' ? '消息' : 'Message', exact: true });
  const articles = page.locator('[role="log"] article');
  const calls = recordAssistantCalls(page);
  return {
    page,
    assistant,
    box,
    articles,
    lastReply: () => articles.last(),
    calls,
    close: () => context.close(),
  };
}

/** Narrows the page to a phone's width and closes the sidebar the desktop had open (on a phone it covers the chat). */
async function toPhone(page: Page): Promise<void> {
  await page.setViewportSize(PHONE);
  await page
    .getByRole('button', { name: /^(Close sidebar|收起侧边栏)$/ })
    .first()
    .click();
  await poll(() => page.getByTestId('nav').isVisible()).toBe(false);
}

const stopButton = (page: Page) => page.getByRole('button', { name: /^(Stop generating|停止生成)$/ });

/** Sends `text` and waits until its reply has ended. */
async function sendAndSettle(chat: AssistantChat, text: string): Promise<void> {
  await poll(() => chat.box.isEnabled()).toBe(true);
  await chat.box.fill(text);
  const before = await chat.articles.count();
  await poll(() => chat.page.getByRole('button', { name: /^(Send message|发送消息)$/ }).isEnabled()).toBe(
    true,
  );
  await chat.box.press('Enter');
  await poll(() => chat.articles.count()).toBeGreaterThanOrEqual(before + 2);
  await poll(() => stopButton(chat.page).count(), 60_000).toBe(0);
}

const step = (reply: Locator, kind: string) =>
  reply.locator(`[data-testid="tool-step"][data-kind="${kind}"]`);
const stepButton = (s: Locator) => s.getByRole('button').first();

/** The conversation on screen, as the server keeps it. */
async function conversationOf(page: Page): Promise<Conversation> {
  await page.waitForURL(URL_ID);
  const id = URL_ID.exec(page.url())![1]!;
  return (await apiFromPage<Conversation>(page, `/api/convos/${id}`)).body;
}

/** Nothing is wider than the screen; the page does not scroll sideways. */
async function expectNoOverflow(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const rights = await page
    .locator('[data-testid="tool-step"], [data-testid="tool-step"] pre, [data-testid="reply-sources"]')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
  for (const right of rights) expect(right).toBeLessThanOrEqual(width);
}

describe('chatting with an assistant', () => {
  it(
    'on a desktop (light): the landing, the code interpreter, retrieval and an action, the thread kept, a reload',
    { timeout: 180_000 },
    async () => {
      const chat = await assistantChat('assistant-chat', { colorScheme: 'light' });
      const { page, assistant } = chat;
      // The empty chat names who answers, and the box names the assistant.
      const landing = page.getByTestId('assistant-landing');
      await landing.getByText('Data helper').waitFor();
      await landing.getByText('Runs numbers, reads the handbook, checks the weather').waitFor();
      await poll(() => chat.box.getAttribute('placeholder')).toBe('Message Data helper');

      // The code interpreter: "Finished analyzing", opening to the code and what it printed; its drawing shows.
      await sendAndSettle(chat, ASK_CODE);
      expect(chat.calls[0]).toMatchObject({
        path: '/api/assistants/chat',
        body: { assistant_id: assistant.id, conversationId: null },
      });
      expect(chat.calls[0]!.body).not.toHaveProperty('thread_id');
      const first = chat.lastReply();
      const code = step(first, 'code');
      await poll(() => code.getAttribute('data-state')).toBe('done');
      expect(await stepButton(code).textContent()).toBe('Finished analyzing');
      expect(await stepButton(code).getAttribute('aria-expanded')).toBe('false');
      await stepButton(code).click();
      expect(await code.getByTestId('step-code').textContent()).toBe(DRAWING_CODE);
      expect(await code.getByTestId('step-result').textContent()).toMatch(/^42\n/);
      const drawing = first.getByTestId('tool-image').locator('img');
      await poll(() => drawing.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(
        64,
      );
      await first.getByText('It is 42.').waitFor();
      expect(await violations(page)).toEqual([]);
      await shot(page, 'desktop-light-code');

      // The conversation keeps the thread of its first reply, and the next send names it.
      const conversation = await conversationOf(page);
      expect(conversation).toMatchObject({ endpoint: 'assistants', assistant_id: assistant.id });
      expect(conversation.thread_id).toMatch(/^thread_/);
      await sendAndSettle(chat, ASK_KNOWLEDGE);
      expect(chat.calls[1]).toMatchObject({
        path: '/api/assistants/chat',
        body: {
          assistant_id: assistant.id,
          thread_id: conversation.thread_id,
          conversationId: conversation.conversationId,
        },
      });
      // Retrieval: "Used Retrieval", opening to the passage it found in the knowledge file.
      const knowledge = step(chat.lastReply(), 'retrieval');
      await poll(() => knowledge.getAttribute('data-state')).toBe('done');
      expect(await stepButton(knowledge).textContent()).toBe('Used Retrieval');
      await stepButton(knowledge).click();
      await poll(() => knowledge.innerText()).toContain('handbook.txt');
      expect(await knowledge.innerText()).toContain('Refunds are accepted within 30 days of delivery.');

      // An action on a short domain: "Talked to 127.0.0.1", opening to its input and the site's answer.
      await sendAndSettle(chat, ASK_WEATHER);
      const weather = step(chat.lastReply(), 'action');
      await poll(() => weather.getAttribute('data-state')).toBe('done');
      expect(await stepButton(weather).textContent()).toBe('Talked to 127.0.0.1');
      expect(site.requests).toContain('/v1/forecast/Paris');
      await stepButton(weather).click();
      expect(await weather.getByTestId('tool-input').textContent()).toBe('{\n  "city": "Paris"\n}');
      expect(await weather.getByTestId('tool-output').textContent()).toContain('"forecast": "sunny"');
      // Each step's row is reachable by the keyboard: Enter closes the open action step.
      await stepButton(weather).focus();
      await page.keyboard.press('Enter');
      await poll(() => stepButton(weather).getAttribute('aria-expanded')).toBe('false');
      expect(await violations(page)).toEqual([]);
      await shot(page, 'desktop-light-steps');

      // After a reload the saved replies read the same, closed.
      await page.reload();
      await poll(() => page.getByTestId('tool-step').count()).toBe(3);
      expect(await stepButton(step(chat.articles.nth(1), 'code')).textContent()).toBe('Finished analyzing');
      expect(await stepButton(step(chat.articles.nth(3), 'retrieval')).textContent()).toBe('Used Retrieval');
      expect(await stepButton(step(chat.articles.nth(5), 'action')).textContent()).toBe(
        'Talked to 127.0.0.1',
      );
      expect(await chat.articles.nth(1).getByTestId('tool-image').count()).toBe(1);
      await chat.close();
    },
  );

  it(
    'on a desktop (dark): Stop ends a reply through /chat/abort; an edit and a regenerate go through /chat/modify',
    { timeout: 120_000 },
    async () => {
      const chat = await assistantChat('assistant-stop', { colorScheme: 'dark' });
      const { page, assistant } = chat;
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

      await poll(() => chat.box.isEnabled()).toBe(true);
      await chat.box.fill(ASK_LONG);
      await poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
      await chat.box.press('Enter');
      const reply = chat.lastReply();
      await poll(() => reply.innerText()).toContain('tok3 ');
      const aborted = page.waitForResponse(
        (res) => new URL(res.url()).pathname === '/api/assistants/chat/abort',
      );
      await stopButton(page).click();
      const answer = await aborted;
      await poll(() => stopButton(page).count()).toBe(0);
      const conversation = await conversationOf(page);
      const [, saved] = (await apiFromPage<Message[]>(page, `/api/messages/${conversation.conversationId}`))
        .body;
      // The key is the conversation and the reply; the server stopped the run and answered its final event.
      expect(answer.request().postDataJSON()).toMatchObject({
        abortKey: `${conversation.conversationId}:${saved!.messageId}`,
      });
      const final = (await answer.json()) as ChatFinalEvent;
      expect(final.run).toMatchObject({ status: 'cancelled', assistant_id: assistant.id });
      expect(saved).toMatchObject({ unfinished: true, finish_reason: 'incomplete' });
      expect(saved!.text).not.toContain('tok400');
      await reply.getByTestId('stopped-notice').waitFor();
      expect(chat.calls.map((c) => c.path)).toEqual(['/api/assistants/chat', '/api/assistants/chat/abort']);

      // An edit of the question is resubmitted on /chat/modify, in the assistant's thread.
      const question = chat.articles.first();
      await question.hover();
      await question.getByRole('button', { name: 'Edit', exact: true }).click();
      await question
        .getByRole('textbox', { name: 'Edit message' })
        .fill(`Shorter, please. ${sim({ reply: 'Fine.' })}`);
      await question.getByRole('button', { name: 'Save & Submit' }).click();
      await chat.lastReply().getByText('Fine.').waitFor();
      await poll(() => stopButton(page).count()).toBe(0);
      expect(chat.calls[2]).toMatchObject({
        path: '/api/assistants/chat/modify',
        body: {
          assistant_id: assistant.id,
          thread_id: conversation.thread_id,
          isEdited: true,
          editedMessageId: saved!.parentMessageId,
        },
      });
      await chat.articles.first().getByText('2 / 2').waitFor();

      // Regenerate too: a new sibling reply.
      const latest = chat.lastReply();
      await latest.hover();
      await latest.getByRole('button', { name: 'Regenerate' }).click();
      await poll(() => chat.calls.length).toBe(4);
      expect(chat.calls[3]).toMatchObject({
        path: '/api/assistants/chat/modify',
        body: { assistant_id: assistant.id, isRegenerate: true },
      });
      await poll(() => stopButton(page).count()).toBe(0);
      await chat.lastReply().getByText('2 / 2').waitFor();
      expect(await violations(page)).toEqual([]);
      await shot(page, 'desktop-dark-edited');
      await chat.close();
    },
  );

  it(
    'on a phone (zh-CN, dark then light): the code step wraps and scrolls inside, nothing wider than 390 px',
    {
      timeout: 120_000,
    },
    async () => {
      const chat = await assistantChat('assistant-phone', {
        locale: 'zh-CN',
        colorScheme: 'dark',
        phone: true,
      });
      const { page } = chat;
      await page.getByTestId('assistant-landing').getByText('Data helper').waitFor();
      await sendAndSettle(chat, ASK_CODE);
      const code = step(chat.lastReply(), 'code');
      await poll(() => code.getAttribute('data-state')).toBe('done');
      expect(await stepButton(code).textContent()).toBe('分析完成');
      await stepButton(code).click();
      const source = code.getByTestId('step-code');
      // The code's long lines scroll inside their box.
      expect(await source.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await expectNoOverflow(page, PHONE.width);
      expect(await violations(page)).toEqual([]);
      await code.scrollIntoViewIfNeeded();
      await shot(page, 'phone-dark-code');
      await page.emulateMedia({ colorScheme: 'light' });
      await poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      expect(await violations(page)).toEqual([]);
      await shot(page, 'phone-light-code');
      await chat.close();
    },
  );
});

// The parts below are the shared schema's (docs/reference/messages.md (Content parts)); the server on this branch does
// not send them yet. A saved conversation's message list is answered with its reply holding them, to look at how the
// web draws them: citations and the reply's sources, an action's sign-in link, a failed action, the nested code shape.

const SIGN_IN_URL = 'https://accounts.example.com/o/oauth2/auth?client_id=parley&state=abc';

function fixtureParts(expiresAt: number): ContentPart[] {
  return [
    {
      type: 'tool_call',
      tool_call: {
        id: 'call_code',
        type: 'code_interpreter',
        name: 'code_interpreter',
        output: '42',
        progress: 1,
        code_interpreter: { input: 'print(6 * 7)', outputs: [{ type: 'logs', logs: '42' }] },
      },
    },
    {
      type: 'tool_call',
      tool_call: {
        id: 'call_retrieval',
        type: 'retrieval',
        name: 'retrieval',
        output: '[1] handbook.pdf, page 3',
        progress: 1,
        retrieval: {},
        citations: [
          {
            fileId: 'file_a',
            filename: 'handbook.pdf',
            where: 'page 3',
            text: 'Refunds are accepted within 30 days of delivery, when the item comes back unused and in its box.',
          },
          { fileId: 'file_b', filename: '常见问题.docx', text: '运费不予退还。' },
          {
            fileId: 'file_a',
            filename: 'handbook.pdf',
            where: 'page 7',
            text: 'Shipping costs are not refunded.',
          },
        ],
      },
    },
    { type: 'text', text: { value: 'Refunds take up to 30 days [1]. ' } },
    {
      type: 'tool_call',
      tool_call: {
        id: 'call_failed',
        type: 'function',
        name: 'getForecast_action_a---io',
        arguments: '{"city":"Paris"}',
        output: 'error processing tool getForecast_action_a---io: HTTP 500',
        progress: 1,
        function: {
          name: 'getForecast_action_a---io',
          arguments: '{"city":"Paris"}',
          output: 'error processing tool getForecast_action_a---io: HTTP 500',
        },
      },
    },
    {
      type: 'tool_call',
      tool_call: {
        id: 'call_consent',
        type: 'function',
        name: 'listEvents_action_YXBpLndlYX',
        arguments: '{"day":"today"}',
        output: null,
        progress: 0,
        auth: SIGN_IN_URL,
        expires_at: expiresAt,
      },
    },
  ];
}

describe("an assistant's parts the server does not send yet, drawn from a message list", () => {
  for (const view of [
    { name: 'desktop-light', colorScheme: 'light' as const, width: 1280 },
    { name: 'desktop-dark', colorScheme: 'dark' as const, width: 1280 },
    { name: 'phone-dark', colorScheme: 'dark' as const, width: PHONE.width },
    { name: 'phone-light', colorScheme: 'light' as const, width: PHONE.width },
  ]) {
    it(`${view.name}: sources, citations, the sign-in link and a failed action; keyboard and axe`, async () => {
      const chat = await assistantChat(`assistant-parts-${view.name}`, { colorScheme: view.colorScheme });
      const { page } = chat;
      await sendAndSettle(chat, `Hello. ${sim({ reply: 'Hi.' })}`);
      const { conversationId } = await conversationOf(page);
      const expiresAt = Date.now() + 10 * 60_000;
      await page.route(`**/api/messages/${conversationId}`, async (route) => {
        const res = await route.fetch();
        const messages = (await res.json()) as Message[];
        const reply = messages.at(-1)!;
        reply.content = fixtureParts(expiresAt);
        reply.text = 'Refunds take up to 30 days [1]. ';
        await route.fulfill({ response: res, json: messages });
      });
      await page.reload();
      const reply = chat.lastReply();
      await step(reply, 'retrieval').waitFor();
      if (view.width === PHONE.width) await toPhone(page);

      // The reply's sources, by file, each opening to its passages.
      const sources = reply.getByTestId('reply-sources');
      expect(await sources.locator('summary').allInnerTexts()).toEqual([
        '1.\nhandbook.pdf · page 3, page 7',
        '2.\n常见问题.docx',
      ]);
      await sources.locator('summary').first().focus();
      await page.keyboard.press('Enter');
      await sources.getByText('Shipping costs are not refunded.').waitFor();
      // The retrieval step opens to each passage with its file and place.
      await stepButton(step(reply, 'retrieval')).click();
      expect(await step(reply, 'retrieval').getByTestId('step-citations').locator('li').count()).toBe(3);

      // A failed action says so; one waiting for consent offers its sign-in link, reachable by Tab.
      expect(await stepButton(step(reply, 'action').first()).textContent()).toBe('a.io failed');
      const waiting = step(reply, 'action').last();
      expect(await stepButton(waiting).textContent()).toBe('Running action');
      const link = waiting.getByRole('link', { name: 'Sign in to accounts.example.com' });
      expect(await link.getAttribute('href')).toBe(SIGN_IN_URL);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
      await poll(() => waiting.getByTestId('step-consent').innerText()).toContain('The link works until');
      await stepButton(waiting).focus();
      await page.keyboard.press('Tab');
      expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);

      if (view.width === PHONE.width) await expectNoOverflow(page, PHONE.width);
      expect(await violations(page)).toEqual([]);
      await reply.scrollIntoViewIfNeeded();
      await sources.scrollIntoViewIfNeeded();
      await shot(page, `parts-${view.name}`);
      await chat.close();
    });
  }
});
