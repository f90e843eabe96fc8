import { useSimulator } from './conformance.test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messagesOf,
  sim,
  simProviders,
  startChatApp,
  type ChatApp,
} from '../../src/features/chat/chat.test-helpers';
import { testDialects } from '../dialects.test-helpers';
import { newKey, newUser } from '../factories.test-helpers';
import { clientConversationSchema } from './client-schemas.test-helpers';
import { ClientChat, NO_PARENT, buildSubmission, streamSubmission } from './client-chat.test-helpers';
import { LibreChatClient } from './client.test-helpers';

// The chat as LibreChat v0.6.10's client drives it (docs/reference/librechat-clients.md): its payloads for a send,
// a regenerate, a continue and an edit, read the way it reads the stream (whole-text frames with `message: true`,
// `final`, `event: error` parsed as a message).

const simulator = useSimulator();

/** Every frame the client showed replaced the one before with a longer text, ending on the saved reply's text. */
function expectGrowingText(shown: string[], finalText: string) {
  expect(shown.length).toBeGreaterThan(0);
  for (let i = 1; i < shown.length; i += 1) expect(shown[i]!.startsWith(shown[i - 1]!)).toBe(true);
  expect(shown.at(-1)).toBe(finalText);
}

describe.each(testDialects())('LibreChat client chat on %s', (dialect) => {
  let app: ChatApp;
  let client: LibreChatClient;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator, {
      providers: {
        ...simProviders(simulator),
        anthropic: { apiKey: 'user_provided', reverseProxy: simulator.url },
      },
    });
    client = new LibreChatClient(app.base);
    client.token = app.token;
  });
  afterAll(() => app.close());

  it('a send shows the reply growing frame by frame, then takes the final; the next send goes out', async () => {
    const chat = new ClientChat(client);
    const first = await chat.send({ text: `Hello ${sim({ tokens: 6, chunkSize: 1 })}` });
    expect(first.outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    const textFrames = first.outcome.frames.filter((f) => f.data['message'] === true);
    expect(textFrames[0]!.data).toMatchObject({ initial: true, messageId: expect.any(String) });
    expect(textFrames.slice(1).every((f) => !('initial' in f.data))).toBe(true);
    const reply = chat.messages.at(-1)!;
    expectGrowingText(first.outcome.shown, reply.text);
    expect(reply.text).toBe('tok1 tok2 tok3 tok4 tok5 tok6 ');
    // The frames name the message the final then names.
    expect(textFrames.every((f) => f.data['messageId'] === reply.messageId)).toBe(true);

    // The conversation the final gave is what the client parses to build its next send (a null it does not allow
    // would throw here, before anything is sent).
    expect(() => clientConversationSchema.parse(chat.conversation)).not.toThrow();
    const second = await chat.send({ text: `And again ${sim({ reply: 'Second.' })}` });
    expect(second.outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    expect(second.submission.payload['parentMessageId']).toBe(reply.messageId);
    expect(chat.latest!.text).toBe('Second.');
    expect(await messagesOf(app, chat.conversation.conversationId!)).toHaveLength(4);
  });

  it('regenerate answers the saved question again: a new sibling reply and no second copy of the question', async () => {
    const chat = new ClientChat(client);
    await chat.send({ text: `Pick a number ${sim({ reply: 'Seven.' })}` });
    const [question, firstReply] = chat.messages.slice(-2);
    const conversationId = chat.conversation.conversationId!;
    // The client's regenerate: ask() with the saved question's fields and isRegenerate.
    const { submission, outcome } = await chat.send(
      { text: question!.text, parentMessageId: question!.parentMessageId, messageId: question!.messageId },
      { isRegenerate: true },
    );
    expect(submission.server).toBe('/api/ask/openAI');
    expect(submission.payload).toMatchObject({ overrideParentMessageId: question!.messageId });
    expect(submission.payload['isRegenerate']).toBeUndefined();
    expect(outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    const created = outcome.frames.find((f) => f.data['created'])!;
    expect(created.data['message']).toMatchObject({ messageId: question!.messageId });

    const saved = await messagesOf(app, conversationId);
    expect(saved.filter((m) => m.isCreatedByUser)).toHaveLength(1);
    const replies = saved.filter((m) => !m.isCreatedByUser);
    expect(replies).toHaveLength(2);
    expect(replies.every((m) => m.parentMessageId === question!.messageId)).toBe(true);
    expect(replies.map((m) => m.messageId)).toContain(firstReply!.messageId);
  });

  it("regenerating an AI message or another user's message is refused, and nothing is saved", async () => {
    const chat = new ClientChat(client);
    await chat.send({ text: `Mine ${sim({ reply: 'Reply.' })}` });
    const [question, reply] = chat.messages.slice(-2);
    const conversationId = chat.conversation.conversationId!;
    const notAQuestion = await chat.send(
      { text: question!.text, parentMessageId: question!.parentMessageId, messageId: reply!.messageId },
      { isRegenerate: true },
    );
    expect(notAQuestion.outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    expect(notAQuestion.outcome.error!.text).toBe('The message to answer again is not a user message');

    const stranger = new LibreChatClient(app.base);
    stranger.token = (await newUser(app.app)).token;
    const theirs = new ClientChat(stranger);
    await theirs.send({ text: `Theirs ${sim({ reply: 'Private.' })}` });
    const [theirQuestion] = theirs.messages.slice(-2);
    // Their question's id, regenerated inside my conversation and inside theirs: neither is mine to answer.
    const intoMine = await chat.send(
      { text: 'x', parentMessageId: question!.parentMessageId, messageId: theirQuestion!.messageId },
      { isRegenerate: true },
    );
    expect(intoMine.outcome.error!.text).toMatch(/not found/i);
    chat.conversation = { ...chat.conversation, conversationId: theirs.conversation.conversationId };
    const intoTheirs = await chat.send(
      { text: 'x', parentMessageId: theirQuestion!.parentMessageId, messageId: theirQuestion!.messageId },
      { isRegenerate: true },
    );
    expect(intoTheirs.outcome.error!.text).toMatch(/not found/i);
    expect(await messagesOf(app, conversationId)).toHaveLength(2);
    expect(await messagesOf(app, theirs.conversation.conversationId!, stranger.token!)).toHaveLength(2);
  });

  it('continue extends the saved reply in place; the frames carry its earlier text too', async () => {
    const chat = new ClientChat(client);
    await chat.send({ text: `Count ${sim({ reply: 'one two' })}` });
    const [question, reply] = chat.messages.slice(-2);
    const { submission, outcome } = await chat.send(
      { text: question!.text, parentMessageId: question!.parentMessageId, messageId: question!.messageId },
      { isContinued: true, isRegenerate: true, isEdited: true },
    );
    expect(submission.server).toBe('/api/edit/openAI');
    expect(submission.payload).toMatchObject({
      isContinued: true,
      responseMessageId: reply!.messageId,
      overrideParentMessageId: question!.messageId,
      generation: 'one two',
    });
    expect(outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    expect(outcome.shown[0]!.startsWith('one two')).toBe(true);
    const saved = await messagesOf(app, chat.conversation.conversationId!);
    expect(saved).toHaveLength(2);
    const continued = saved.find((m) => m.messageId === reply!.messageId)!;
    expect(continued.text.startsWith('one two')).toBe(true);
    expect(continued.text.length).toBeGreaterThan('one two'.length);
    expect(outcome.shown.at(-1)).toBe(continued.text);
  });

  it('a continue without responseMessageId starts a new reply under the question from the given text', async () => {
    const chat = new ClientChat(client);
    await chat.send({ text: `Story ${sim({ reply: 'Once' })}` });
    const [question, reply] = chat.messages.slice(-2);
    const submission = buildSubmission(
      { conversation: chat.conversation, messages: chat.messages, latest: null },
      { text: question!.text, parentMessageId: question!.parentMessageId, messageId: question!.messageId },
      { isContinued: true, isRegenerate: true, isEdited: true, editedText: 'Once upon' },
    );
    expect(submission.payload['responseMessageId']).toBeNull();
    const outcome = await streamSubmission(client, submission, { conversation: chat.conversation });
    expect(outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    const saved = await messagesOf(app, chat.conversation.conversationId!);
    const replies = saved.filter((m) => !m.isCreatedByUser);
    expect(replies).toHaveLength(2);
    const branched = replies.find((m) => m.messageId !== reply!.messageId)!;
    expect(branched.parentMessageId).toBe(question!.messageId);
    expect(branched.text.startsWith('Once upon')).toBe(true);
  });

  it('editing a reply and submitting keeps the original and adds a sibling that starts from the edit', async () => {
    const chat = new ClientChat(client);
    await chat.send({ text: `Greet me ${sim({ reply: 'Hello there.' })}` });
    const [question, reply] = chat.messages.slice(-2);
    // The client's edit of an AI message: ask() with the question's fields, the edited text and the reply's id.
    const { submission, outcome } = await chat.send(
      { text: question!.text, parentMessageId: question!.parentMessageId, messageId: question!.messageId },
      { editedText: 'Hi, friend', editedMessageId: reply!.messageId, isRegenerate: true, isEdited: true },
    );
    expect(submission.server).toBe('/api/edit/openAI');
    expect(submission.payload).toMatchObject({
      generation: 'Hi, friend',
      responseMessageId: reply!.messageId,
      overrideParentMessageId: question!.messageId,
      isContinued: false,
    });
    expect(outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    const saved = await messagesOf(app, chat.conversation.conversationId!);
    expect(saved.filter((m) => m.isCreatedByUser)).toHaveLength(1);
    const original = saved.find((m) => m.messageId === reply!.messageId)!;
    expect(original.text).toBe('Hello there.');
    const edited = saved.find((m) => !m.isCreatedByUser && m.messageId !== reply!.messageId)!;
    expect(edited.parentMessageId).toBe(question!.messageId);
    expect(edited.text.startsWith('Hi, friend')).toBe(true);
    expect(outcome.shown.at(-1)).toBe(edited.text);
    // The client put the new reply on screen under its own id (not the original's).
    expect(chat.latest!.messageId).toBe(edited.messageId);
  });

  it('a provider failure mid-stream is shown as an error message and the client stops submitting', async () => {
    const chat = new ClientChat(client);
    await chat.send({ text: `Warm up ${sim({ reply: 'ok' })}` });
    const { outcome } = await chat.send({
      text: `Break ${sim({ tokens: 4, errorAfter: 2, error: { status: 500, kind: 'server' } })}`,
    });
    expect(outcome.failures).toEqual([]);
    expect(outcome.submitting).toBe(false);
    expect(outcome.error).toMatchObject({ error: true, isCreatedByUser: false, sender: expect.any(String) });
    expect(outcome.shown.length).toBeGreaterThan(0);
  });

  it('a missing user key streams the no_user_key error the client renders, and saves nothing', async () => {
    const chat = new ClientChat(client);
    chat.conversation = { ...chat.conversation, endpoint: 'anthropic', model: 'claude-2.1' };
    const { outcome } = await chat.send({ text: 'Hello' });
    expect(outcome.status).toBe(200);
    expect(outcome.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(outcome).toMatchObject({ submitting: false, failures: [] });
    expect(JSON.parse(outcome.error!.text)).toEqual({ type: 'no_user_key' });
    expect(outcome.error!.sender).toBe('Claude');

    // In a saved conversation too (the client then parses the event as it comes).
    await newKey(app, app.userId, {
      name: 'anthropic',
      value: 'sk-a',
      expiresAt: new Date(Date.now() + 1000).toISOString(),
    });
    const saved = await chat.send({ text: `Hi ${sim({ reply: 'Hi.' })}` });
    expect(saved.outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    const conversationId = chat.conversation.conversationId!;
    const before = await messagesOf(app, conversationId);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const expired = await chat.send({ text: 'Once more' });
    expect(expired.outcome).toMatchObject({ submitting: false, failures: [] });
    expect(JSON.parse(expired.outcome.error!.text)).toMatchObject({ type: 'expired_user_key' });
    expect(expired.outcome.error!.conversationId).toBe(conversationId);
    expect(await messagesOf(app, conversationId)).toHaveLength(before.length);
  });

  it('a refused send (unknown endpoint, bad body) is a stream with the error reply; a 401 stays a 401', async () => {
    const chat = new ClientChat(client);
    chat.conversation = { ...chat.conversation, endpoint: 'nowhere' };
    const { outcome } = await chat.send({ text: 'Hello' });
    expect(outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    expect(outcome.error!.text).toBe('Unknown endpoint');

    const bad = await client.raw('POST', '/api/ask/openAI', { text: 42 });
    expect(bad.status).toBe(200);
    const body = await bad.text();
    expect(body).toMatch(/^id:0\nevent:error\ndata:\{/);

    const signedOut = new LibreChatClient(app.base);
    const res = await signedOut.raw('POST', '/api/ask/openAI', { text: 'hi', parentMessageId: NO_PARENT });
    expect(res.status).toBe(401);
  });

  it('the same send with the delta header gets deltas, and a 4xx JSON refusal', async () => {
    const headers = { 'x-parley-stream': 'deltas' };
    const payload = {
      text: `Hi ${sim({ tokens: 3, chunkSize: 1 })}`,
      parentMessageId: NO_PARENT,
      conversationId: null,
    };
    const res = await client.raw('POST', '/api/ask/openAI', payload, headers);
    const text = await res.text();
    expect(text).not.toContain('"message":true');
    expect(text).toContain('data:{"text":"tok1 ","messageId":"');
    const refused = await client.raw('POST', '/api/ask/nowhere', payload, headers);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: 'Unknown endpoint' });
  });

  it('a custom endpoint is sent to its type path with its name in the body', async () => {
    const chat = new ClientChat(client);
    chat.conversation = {
      ...chat.conversation,
      endpoint: 'Mistral',
      endpointType: 'custom',
      model: 'mistral-tiny',
    };
    const { submission, outcome } = await chat.send({ text: `Bonjour ${sim({ reply: 'Salut.' })}` });
    expect(submission.server).toBe('/api/ask/custom');
    expect(outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    expect(chat.latest!.text).toBe('Salut.');
    expect(chat.conversation).toMatchObject({ endpoint: 'Mistral', endpointType: 'custom' });
  });

  it.each(['/api/ask/openAI', '/api/edit/openAI'])(
    'stop: the client drops the stream and posts the abort at %s/abort; the answer finalises',
    async (base) => {
      const chat = new ClientChat(client);
      const submission = buildSubmission(
        { conversation: chat.conversation, messages: [], latest: null },
        { text: `Long ${sim({ tokens: 400, rate: 50 })}` },
      );
      const controller = new AbortController();
      const res = await fetch(`${app.base}${submission.server}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
        body: JSON.stringify(submission.payload),
        signal: controller.signal,
      });
      const reader = res.body!.getReader();
      let seen = '';
      while (!seen.includes('"message":true')) seen += new TextDecoder().decode((await reader.read()).value);
      const conversationId = /"conversationId":"([^"]+)"/.exec(seen)![1]!;
      controller.abort();
      const answer = await client.raw('POST', `${base}/abort`, {
        abortKey: conversationId,
        endpoint: 'openAI',
      });
      expect(answer.status).toBe(200);
      const data = (await answer.json()) as {
        final: boolean;
        conversation: unknown;
        responseMessage: unknown;
      };
      expect(data.final).toBe(true);
      expect(() => clientConversationSchema.parse(data.conversation)).not.toThrow();
      // LibreChat's own server marks a stopped reply `finish_reason: 'incomplete'`; its client offers Continue on it.
      expect(data.responseMessage).toMatchObject({ unfinished: true, finish_reason: 'incomplete' });
      expect(data.conversation).toMatchObject({ title: 'Long' });
      // Nothing runs any more: the client ends its submission on a 404.
      const again = await client.raw('POST', `${base}/abort`, {
        abortKey: conversationId,
        endpoint: 'openAI',
      });
      expect(again.status).toBe(404);
    },
  );
});

describe('LibreChat client at the message limit', () => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp('sqlite', simulator, {
      limits: { limitMessageUser: true, messageUserMax: 1, messageUserWindowMinutes: 1 },
    });
  });
  afterAll(() => app.close());

  it('a send over the limit shows the message_limit error and the client is free again', async () => {
    const client = new LibreChatClient(app.base);
    client.token = app.token;
    const chat = new ClientChat(client);
    await chat.send({ text: `One ${sim({ reply: 'ok' })}` });
    const { outcome } = await chat.send({ text: 'Two' });
    expect(outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    expect(JSON.parse(outcome.error!.text)).toMatchObject({
      type: 'message_limit',
      max: 1,
      windowInMinutes: 1,
    });
  });
});
