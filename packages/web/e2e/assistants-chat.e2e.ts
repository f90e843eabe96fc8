import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChatFinalEvent, Message } from '@parley/shared';
import { startAssistantChatStand, type AssistantChatStand } from './assistants-chat-stand.test-helpers';
import {
  answerAction,
  BROKEN_CITY,
  DRAWING_CODE,
  HANDBOOK,
  poll,
  RETURNS_ZH,
  SITE_ANSWER,
} from './assistants-chat.test-helpers';
import { openDisclosure } from './browser.test-helpers';
import { sim } from './chat.test-helpers';
import {
  ASK_CODE,
  ASK_KNOWLEDGE,
  ASK_KNOWLEDGE_ZH,
  ASK_WEATHER,
  ASK_BROKEN,
  ASK_EVERYTHING,
  ASK_LONG,
} from './assistants-chat-asks.test-helpers';
import { apiFromPage } from './session.test-helpers';
import {
  conversationOf,
  expectNoOverflow,
  expectSources,
  openAssistantChat,
  PHONE,
  sendAndSettle,
  shot,
  step,
  stepButton,
  stopButton,
  titled,
  violations,
} from './assistants-chat-page.test-helpers';

// Chatting with an assistant in the web (docs/reference/assistants.md (Chatting with an assistant)) against the real
// server and the simulator: the landing names the assistant; sends go to /api/assistants/chat with the assistant and
// then the thread; the code interpreter's step opens to its code and result, and its drawing shows; retrieval shows
// the passages the server found in the knowledge file, and the reply its sources; an action reads as LibreChat shows
// it, a failed one says so, and an OAuth action offers its sign-in link, after which the reply goes on
// (docs/reference/assistants.md (Signing in to an action)); Stop ends a reply through /chat/abort; an edit and a
// regenerate go through /chat/modify. On a desktop in both themes, and on a phone (390 px, zh-CN) in both themes, axe
// clean.

let stand: AssistantChatStand;
beforeAll(async () => {
  stand = await startAssistantChatStand(inject('simUrl'));
});
afterAll(() => stand?.close());

/** A user on a new chat with the test's assistant (see `openAssistantChat`). */
const assistantChat = (tag: string, view: Parameters<typeof openAssistantChat>[2]) =>
  openAssistantChat(
    { browser: stand.browser, baseUrl: stand.server.baseUrl, siteUrl: stand.site.url },
    tag,
    view,
  );

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
      await titled(page, 'Compute it and draw a square.');
      const first = chat.lastReply();
      const code = step(first, 'code');
      await poll(() => code.getAttribute('data-state')).toBe('done');
      expect(await stepButton(code).textContent()).toBe('Finished analyzing');
      expect(await stepButton(code).getAttribute('aria-expanded')).toBe('false');
      await openDisclosure(stepButton(code));
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
      // Retrieval: "Used Retrieval", opening to the passage the server found in the knowledge file, under its name.
      const knowledge = step(chat.lastReply(), 'retrieval');
      await poll(() => knowledge.getAttribute('data-state')).toBe('done');
      expect(await stepButton(knowledge).textContent()).toBe('Used Retrieval');
      await openDisclosure(stepButton(knowledge));
      const passages = knowledge.getByTestId('step-citations').locator('li');
      await poll(() => passages.allInnerTexts()).toEqual([expect.stringMatching(/^handbook\.txt\n/)]);
      expect(await passages.first().innerText()).toContain(
        'Refunds are accepted within 30 days of delivery.',
      );
      // The reply's sources: the file, opening (by the keyboard) to the passage.
      await expectSources(
        chat.lastReply(),
        HANDBOOK.name,
        'Refunds are accepted within 30 days of delivery.',
      );
      expect(await violations(page)).toEqual([]);
      await shot(page, 'desktop-light-sources');

      // An action on a short domain: "Talked to 127.0.0.1", opening to its input and the site's answer.
      await sendAndSettle(chat, ASK_WEATHER);
      const weather = step(chat.lastReply(), 'action');
      await poll(() => weather.getAttribute('data-state')).toBe('done');
      expect(await stepButton(weather).textContent()).toBe('Talked to 127.0.0.1');
      expect(stand.site.requests.map((r) => r.path)).toContain('/v1/forecast/Paris');
      await openDisclosure(stepButton(weather));
      expect(await weather.getByTestId('tool-input').textContent()).toBe('{\n  "city": "Paris"\n}');
      expect(await weather.getByTestId('tool-output').textContent()).toContain('"forecast": "sunny"');
      // Each step's row is reachable by the keyboard: Enter closes the open action step.
      await stepButton(weather).focus();
      await page.keyboard.press('Enter');
      await poll(() => stepButton(weather).getAttribute('aria-expanded')).toBe('false');

      // The site failing: the step says the action failed, and opens to why.
      await sendAndSettle(chat, ASK_BROKEN);
      const broken = step(chat.lastReply(), 'action');
      await poll(() => broken.getAttribute('data-state')).toBe('failed');
      expect(await stepButton(broken).textContent()).toBe('127.0.0.1 failed');
      expect(stand.site.requests.map((r) => r.path)).toContain(`/v1/forecast/${BROKEN_CITY}`);
      await openDisclosure(stepButton(broken));
      expect(await broken.getByTestId('tool-output').textContent()).toContain('127.0.0.1 answered HTTP 500');
      await chat.lastReply().getByText('No forecast.').waitFor();
      expect(await violations(page)).toEqual([]);
      await shot(page, 'desktop-light-steps');

      // After a reload the saved replies read the same, closed.
      await page.reload();
      await poll(() => page.getByTestId('tool-step').count()).toBe(4);
      expect(await stepButton(step(chat.articles.nth(1), 'code')).textContent()).toBe('Finished analyzing');
      expect(await stepButton(step(chat.articles.nth(3), 'retrieval')).textContent()).toBe('Used Retrieval');
      expect(await stepButton(step(chat.articles.nth(5), 'action')).textContent()).toBe(
        'Talked to 127.0.0.1',
      );
      expect(await stepButton(step(chat.articles.nth(7), 'action')).textContent()).toBe('127.0.0.1 failed');
      expect(await chat.articles.nth(1).getByTestId('tool-image').count()).toBe(1);
      expect(await chat.articles.nth(3).getByTestId('reply-sources').locator('summary').innerText()).toBe(
        `1.\n${HANDBOOK.name}`,
      );
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
    'on a phone (zh-CN, dark then light): the code step scrolls inside, a Chinese file cited, nothing wider than 390 px',
    { timeout: 120_000 },
    async () => {
      const chat = await assistantChat('assistant-phone', {
        locale: 'zh-CN',
        colorScheme: 'dark',
        phone: true,
        files: [RETURNS_ZH],
      });
      const { page } = chat;
      await page.getByTestId('assistant-landing').getByText('Data helper').waitFor();
      await sendAndSettle(chat, ASK_CODE);
      await titled(page, 'Compute it and draw a square.');
      const code = step(chat.lastReply(), 'code');
      await poll(() => code.getAttribute('data-state')).toBe('done');
      expect(await stepButton(code).textContent()).toBe('分析完成');
      await openDisclosure(stepButton(code));
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

      // A two-character query finds the Chinese file: the step's passage and the reply's sources name it.
      await sendAndSettle(chat, ASK_KNOWLEDGE_ZH);
      const reply = chat.lastReply();
      const knowledge = step(reply, 'retrieval');
      await poll(() => knowledge.getAttribute('data-state')).toBe('done');
      expect(await stepButton(knowledge).textContent()).toBe('已使用检索');
      await openDisclosure(stepButton(knowledge));
      const passages = knowledge.getByTestId('step-citations').locator('li');
      await poll(() => passages.allInnerTexts()).toEqual([expect.stringMatching(/^退货政策\.txt\n/)]);
      expect(await passages.first().innerText()).toContain('运费不予退还。');
      await reply.getByRole('region', { name: '来源' }).waitFor();
      await expectSources(reply, RETURNS_ZH.name, '运费不予退还。');
      await expectNoOverflow(page, PHONE.width);
      expect(await violations(page)).toEqual([]);
      await reply.getByTestId('reply-sources').scrollIntoViewIfNeeded();
      await shot(page, 'phone-light-sources');
      await page.emulateMedia({ colorScheme: 'dark' });
      await poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      expect(await violations(page)).toEqual([]);
      await shot(page, 'phone-dark-sources');
      await chat.close();
    },
  );

  it(
    "on a desktop (dark): the issue's flow in one reply: a citation, an OAuth action signed in to from its link, a drawing",
    { timeout: 120_000 },
    async () => {
      const chat = await assistantChat('assistant-everything', {
        colorScheme: 'dark',
        actions: [answerAction(stand.site.url, stand.provider)],
      });
      const { page } = chat;
      const tokensBefore = stand.provider.tokenCalls.length;
      await poll(() => chat.box.isEnabled()).toBe(true);
      await chat.box.fill(ASK_EVERYTHING);
      await poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
      await chat.box.press('Enter');
      const reply = chat.lastReply();

      // The knowledge first: its passage is cited.
      const knowledge = step(reply, 'retrieval');
      await poll(() => knowledge.getAttribute('data-state'), 60_000).toBe('done');

      // The action has no token yet: its step waits, offering the provider's consent page in a new tab.
      const action = step(reply, 'action');
      const link = action.getByRole('link', { name: 'Sign in to 127.0.0.1' });
      await poll(() => link.count(), 60_000).toBe(1);
      expect(await stepButton(action).textContent()).toBe('Running action');
      expect(await link.getAttribute('href')).toMatch(new RegExp(`^${stand.provider.origin}/authorize\\?`));
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
      expect(await action.getByTestId('step-consent').innerText()).toContain('The link works until');
      expect(stand.site.requests.filter((r) => r.path === '/v1/answer')).toEqual([]);
      expect(await stopButton(page).count()).toBe(1);
      expect(await violations(page)).toEqual([]);
      await action.scrollIntoViewIfNeeded();
      await shot(page, 'desktop-dark-sign-in');

      // The keyboard reaches the link from the step's row; Enter opens it in a new page, where the provider consents
      // and sends the browser back to the server's callback.
      await stepButton(action).focus();
      await page.keyboard.press('Tab');
      expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
      const opened = page.context().waitForEvent('page');
      await page.keyboard.press('Enter');
      const consent = await opened;
      await consent.waitForURL((url) => url.pathname.endsWith('/oauth/callback'), { timeout: 30_000 });
      await consent
        .getByText('Authentication successful. You can close this window and return to your chat.')
        .waitFor();
      await consent.close();
      expect(stand.provider.tokenCalls.slice(tokensBefore).map((c) => c.grant)).toEqual([
        'authorization_code',
      ]);

      // The reply goes on in the page: the action talks to its site with the token, then the drawing.
      await poll(() => action.getAttribute('data-state'), 60_000).toBe('done');
      expect(await stepButton(action).textContent()).toBe('Talked to 127.0.0.1');
      expect(await link.count()).toBe(0);
      expect(stand.site.requests.filter((r) => r.path === '/v1/answer')).toEqual([
        { path: '/v1/answer', authorization: `Bearer ${stand.provider.issued.at(-1)}` },
      ]);
      const drawing = reply.getByTestId('tool-image').locator('img');
      await poll(
        () => drawing.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        60_000,
      ).toBe(64);
      await reply
        .getByText('Refunds take 30 days [1]; the site says forty-two; here is your square.')
        .waitFor();
      await poll(() => stopButton(page).count(), 60_000).toBe(0);
      await titled(page, 'Refunds, the answer, and a square?');
      await openDisclosure(stepButton(action));
      expect(await action.getByTestId('tool-output').textContent()).toContain(SITE_ANSWER);
      // The run completed: the saved reply is whole (not stopped, not failed), each of its three steps ended.
      const { conversationId } = await conversationOf(page);
      const saved = (await apiFromPage<Message[]>(page, `/api/messages/${conversationId}`)).body.at(-1)!;
      expect(saved).toMatchObject({ error: false, unfinished: false, finish_reason: 'stop' });
      expect(saved.content?.map((part) => part.type === 'tool_call' && part.tool_call.progress)).toEqual([
        1,
        1,
        1,
        false,
        false,
      ]);
      await expectSources(reply, HANDBOOK.name, 'Refunds are accepted within 30 days of delivery.');
      expect(await stepButton(step(reply, 'code')).textContent()).toBe('Finished analyzing');
      expect(await violations(page)).toEqual([]);
      await shot(page, 'desktop-dark-everything');
      await chat.close();
    },
  );
});
