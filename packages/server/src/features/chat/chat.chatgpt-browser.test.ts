import { startChatGPTWeb, startSim, type ChatGPTWeb, type Sim } from '@parley/sim';
import { API, NIL_UUID } from '@parley/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newKey } from '../../../test/factories.test-helpers';
import {
  ask,
  conversationOf,
  edit,
  get,
  messagesOf,
  post,
  startChatApp,
  stopMidReply,
  type ChatApp,
} from './chat.test-helpers';

// The chatGPTBrowser endpoint against a local service speaking the ChatGPT web backend's conversation call
// (@parley/sim's startChatGPTWeb): docs/reference/endpoints-and-models.md (chatGPTBrowser).

let simulator: Sim;
let web: ChatGPTWeb;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
  web = await startChatGPTWeb();
});
afterAll(async () => {
  await simulator.close();
  await web.close();
});

const fresh = { parentMessageId: NIL_UUID, conversationId: null };
const lastRequest = () => web.requests.at(-1)!;

describe.each(testDialects())('chatGPTBrowser on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator, {
      providers: { chatGPTBrowser: { apiKey: web.token, reverseProxy: web.url } },
    });
  });
  afterAll(() => app.close());

  it('is listed with LibreChat’s model names and streams a first reply, sending the question alone', async () => {
    const endpoints = (await (await get(app, app.token, API.endpoints)).json()) as Record<string, unknown>;
    expect(endpoints['chatGPTBrowser']).toMatchObject({ type: 'chatGPTBrowser', userProvide: false });
    const models = (await (await get(app, app.token, API.models)).json()) as Record<string, string[]>;
    expect(models['chatGPTBrowser']).toEqual(['text-davinci-002-render-sha', 'gpt-4']);

    const res = await ask(app, 'chatGPTBrowser', { ...fresh, text: 'Hello there', model: 'gpt-4' });
    expect(res.status).toBe(200);
    const { final, deltas } = res.events;
    // Whole-text frames become deltas: each word once, in order.
    expect(deltas.join('')).toBe('Reply 1 to: Hello there');
    expect(final!.responseMessage).toMatchObject({ text: 'Reply 1 to: Hello there', sender: 'ChatGPT' });
    const sent = lastRequest();
    expect(sent.authorization).toBe(`Bearer ${web.token}`);
    expect(sent.body).toMatchObject({
      action: 'next',
      model: 'gpt-4',
      messages: [
        {
          id: final!.requestMessage.messageId,
          author: { role: 'user' },
          content: { content_type: 'text', parts: ['Hello there'] },
        },
      ],
    });
    expect(sent.body.conversation_id).toBeUndefined();
    // The chat is titled with the question: the service has no call outside its thread.
    expect(final!.conversation.title).not.toBe('');
  });

  it('a follow-up continues the service’s thread; a regenerate answers from the same place', async () => {
    const first = await ask(app, 'chatGPTBrowser', { ...fresh, text: 'One' });
    const conversationId = conversationOf(first);
    const serviceConversation = web.requests.at(-1)!;
    const firstReply = first.events.final!.responseMessage;
    const second = await ask(app, 'chatGPTBrowser', {
      text: 'Two',
      conversationId,
      parentMessageId: firstReply.messageId,
    });
    expect(second.events.final!.responseMessage.text).toBe('Reply 2 to: Two');
    const followUp = lastRequest().body;
    expect(followUp.conversation_id).toEqual(expect.any(String));
    expect(followUp.parent_message_id).not.toBe(serviceConversation.body.parent_message_id);

    const question = second.events.final!.requestMessage;
    const again = await edit(app, 'chatGPTBrowser', {
      text: 'Two',
      conversationId,
      parentMessageId: question.messageId,
      isRegenerate: true,
    });
    expect(again.status).toBe(200);
    // Same depth: the service saw the same parent, not the reply being regenerated.
    expect(again.events.final!.responseMessage.text).toBe('Reply 2 to: Two');
    expect(lastRequest().body).toMatchObject({
      conversation_id: followUp.conversation_id,
      parent_message_id: followUp.parent_message_id,
    });
    const saved = await messagesOf(app, conversationId);
    expect(saved).toHaveLength(5);
    // What the service answered is kept on the server, not shown in the message.
    expect(saved.some((m) => 'service_state' in m || 'serviceState' in m)).toBe(false);
  });

  it('a thread a client names is not taken: the ids come from the saved reply only', async () => {
    const first = await ask(app, 'chatGPTBrowser', { ...fresh, text: 'Mine' });
    const forged = await ask(app, 'chatGPTBrowser', {
      ...fresh,
      text: 'Forged',
      conversation_id: 'someone-elses',
      parent_message_id: 'their-message',
      thread_id: 'someone-elses',
    });
    expect(forged.events.final!.responseMessage.text).toBe('Reply 1 to: Forged');
    expect(lastRequest().body.conversation_id).toBeUndefined();
    expect(first.status).toBe(200);
  });

  it.each([
    ['[[status 401]]', { type: 'invalid_api_key', status: 401 }],
    ['[[status 403]]', { type: 'upstream_error', status: 403, message: 'Simulated 403' }],
    ['[[status 429]]', { type: 'rate_limited', status: 429, message: 'Simulated 429' }],
  ])('a service answer %s is an event: error %j, both messages kept', async (directive, expected) => {
    const res = await ask(app, 'chatGPTBrowser', { ...fresh, text: `Hi ${directive}` });
    expect(JSON.parse(res.events.error!.text)).toEqual(expected);
    const saved = await messagesOf(app, conversationOf(res));
    expect(saved.map((m) => m.error)).toEqual([false, true]);
  });

  it('an error frame mid-reply keeps the partial text, marked error and unfinished', async () => {
    const res = await ask(app, 'chatGPTBrowser', { ...fresh, text: 'Hi [[error]]' });
    expect(JSON.parse(res.events.error!.text)).toEqual({
      type: 'upstream_error',
      message: 'Something went wrong (simulated)',
    });
    const saved = await messagesOf(app, conversationOf(res));
    expect(saved[1]).toMatchObject({ text: 'Reply ', error: true, unfinished: true });
  });

  it('a connection dropped mid-reply keeps the partial text, and the next question starts from the last whole reply', async () => {
    const first = await ask(app, 'chatGPTBrowser', { ...fresh, text: 'Start' });
    const conversationId = conversationOf(first);
    const cut = await ask(app, 'chatGPTBrowser', {
      text: 'Cut here [[cut 3]]',
      conversationId,
      parentMessageId: first.events.final!.responseMessage.messageId,
    });
    expect(JSON.parse(cut.events.error!.text)).toMatchObject({ type: 'upstream_error' });
    const saved = await messagesOf(app, conversationId);
    expect(saved[3]).toMatchObject({ text: 'Reply 2 to: ', error: true, unfinished: true });
    // A question under the cut reply continues the thread from the first reply (the cut one kept no ids).
    const after = await ask(app, 'chatGPTBrowser', {
      text: 'After',
      conversationId,
      parentMessageId: saved[3]!.messageId,
    });
    expect(after.events.final!.responseMessage.text).toBe('Reply 2 to: After');
  });

  it('Stop ends the service call and saves the partial reply as stopped', async () => {
    const { stopStatus, events } = await stopMidReply(app, 'chatGPTBrowser', 'Go [[slow]]', 'w3 ');
    expect(stopStatus).toBe(200);
    expect(events.final!.responseMessage).toMatchObject({ unfinished: true, finish_reason: 'incomplete' });
    expect(events.final!.responseMessage.text.length).toBeLessThan('w1 '.length * 50);
  });

  it('a continue is refused with a 400 before anything is written', async () => {
    const first = await ask(app, 'chatGPTBrowser', { ...fresh, text: 'Continue me' });
    const conversationId = conversationOf(first);
    const reply = first.events.final!.responseMessage;
    const res = await post(app, app.token, `${API.edit}/chatGPTBrowser`, {
      text: '',
      parentMessageId: NIL_UUID,
      conversationId,
      isContinued: true,
      responseMessageId: reply.messageId,
      isEdited: true,
      editedMessageId: reply.messageId,
      editedText: 'Changed',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Replies of chatGPTBrowser cannot be continued',
    );
    expect((await messagesOf(app, conversationId))[1]!.text).toBe(reply.text);
  });
});

describe('chatGPTBrowser with user_provided tokens', () => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp('sqlite', simulator, {
      providers: { chatGPTBrowser: { apiKey: 'user_provided', reverseProxy: web.url } },
    });
  });
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());

  it('asks for the user’s token, uses it, and refuses it once expired', async () => {
    const endpoints = (await (await get(app, app.token, API.endpoints)).json()) as Record<string, unknown>;
    expect(endpoints['chatGPTBrowser']).toMatchObject({ userProvide: true });
    const none = await ask(app, 'chatGPTBrowser', { ...fresh, text: 'hi' });
    expect(none.status).toBe(403);
    expect(JSON.parse((JSON.parse(none.body) as { message: string }).message)).toEqual({
      type: 'no_user_key',
    });

    await newKey(app, app.userId, {
      name: 'chatGPTBrowser',
      value: 'not-the-token',
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    const wrong = await ask(app, 'chatGPTBrowser', { ...fresh, text: 'hi' });
    expect(lastRequest().authorization).toBe('Bearer not-the-token');
    expect(JSON.parse(wrong.events.error!.text)).toEqual({ type: 'invalid_api_key', status: 401 });

    await newKey(app, app.userId, {
      name: 'chatGPTBrowser',
      value: web.token,
      expiresAt: new Date(Date.now() + 1000).toISOString(),
    });
    const ok = await ask(app, 'chatGPTBrowser', { ...fresh, text: 'hi' });
    expect(ok.events.final!.responseMessage.text).toBe('Reply 1 to: hi');

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1100 });
    const expired = await ask(app, 'chatGPTBrowser', { ...fresh, text: 'hi' });
    expect(expired.status).toBe(403);
    expect(JSON.parse((JSON.parse(expired.body) as { message: string }).message)).toMatchObject({
      type: 'expired_user_key',
    });
  });
});
