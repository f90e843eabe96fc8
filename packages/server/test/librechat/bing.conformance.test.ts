import { startBingChatHub, type BingChatHub } from '@parley/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOf, startChatApp, type ChatApp } from '../../src/features/chat/chat.test-helpers';
import { ClientChat, newClientConversation } from './client-chat.test-helpers';
import { LibreChatClient } from './client.test-helpers';
import { useSimulator } from './conformance.test-helpers';

// LibreChat v0.6.10's client on the bingAI endpoint: its payload (tone, jailbreak, context, system message and the
// thread's ids, null on a first send), its whole-text frames, a follow-up and a regenerate, against a local service
// speaking the Bing chat protocol.
// docs/reference/endpoints-and-models.md (bingAI)

const simulator = useSimulator();
let bing: BingChatHub;
beforeAll(async () => {
  bing = await startBingChatHub();
});
afterAll(() => bing.close());

describe('LibreChat client on bingAI', () => {
  let app: ChatApp;
  let client: LibreChatClient;
  beforeAll(async () => {
    app = await startChatApp('sqlite', simulator, {
      providers: { bingAI: { apiKey: bing.token, reverseProxy: bing.url } },
    });
    client = new LibreChatClient(app.base);
    client.token = app.token;
  });
  afterAll(() => app.close());

  it('sends with its Bing fields, follows up and regenerates; a forged thread id is not used', async () => {
    const chat = new ClientChat(client);
    chat.conversation = {
      ...newClientConversation(),
      endpoint: 'bingAI',
      model: 'BingAI',
      jailbreak: false,
      jailbreakConversationId: null,
      conversationSignature: null,
      clientId: null,
      invocationId: 1,
      toneStyle: 'precise',
      context: null,
      systemMessage: null,
    } as typeof chat.conversation;
    const first = await chat.send({ text: 'Hello from LibreChat' });
    expect(first.submission.server).toBe('/api/ask/bingAI');
    expect(first.submission.payload).toMatchObject({
      toneStyle: 'precise',
      invocationId: 1,
      jailbreak: false,
    });
    expect(first.outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    const shown = first.outcome.shown;
    expect(shown.length).toBeGreaterThan(1);
    for (let i = 1; i < shown.length; i += 1) expect(shown[i]!.startsWith(shown[i - 1]!)).toBe(true);
    // The client's `invocationId: 1` is not the service's count: this was the conversation's first question.
    expect(shown.at(-1)).toBe('Precise reply 0 to: Hello from LibreChat');

    chat.conversation = { ...chat.conversation, conversationSignature: 'forged', clientId: 'forged' };
    const second = await chat.send({ text: 'Next one' });
    expect(second.outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    expect(chat.latest!.text).toBe('Precise reply 1 to: Next one');
    expect(bing.invocations.at(-1)!.argument.conversationSignature).not.toBe('forged');

    const [question] = chat.messages.slice(-2);
    const again = await chat.send(
      { text: question!.text, parentMessageId: question!.parentMessageId, messageId: question!.messageId },
      { isRegenerate: true },
    );
    expect(again.outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    expect(again.outcome.shown.at(-1)).toBe('Precise reply 1 to: Next one');
    const saved = await messagesOf(app, chat.conversation.conversationId!);
    expect(saved).toHaveLength(5);
    expect(saved.filter((m) => !m.isCreatedByUser).every((m) => m.sender === 'Bing')).toBe(true);
  });
});
