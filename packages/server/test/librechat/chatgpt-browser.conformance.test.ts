import { startChatGPTWeb, type ChatGPTWeb } from '@parley/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOf, startChatApp, type ChatApp } from '../../src/features/chat/chat.test-helpers';
import { ClientChat, newClientConversation } from './client-chat.test-helpers';
import { LibreChatClient } from './client.test-helpers';
import { useSimulator } from './conformance.test-helpers';

// LibreChat v0.6.10's client on the chatGPTBrowser endpoint: its payload (the model alone), its whole-text frames, a
// follow-up and a regenerate, against a local service speaking the ChatGPT web backend's conversation call.
// docs/reference/endpoints-and-models.md (chatGPTBrowser)

const simulator = useSimulator();
let web: ChatGPTWeb;
beforeAll(async () => {
  web = await startChatGPTWeb();
});
afterAll(() => web.close());

describe('LibreChat client on chatGPTBrowser', () => {
  let app: ChatApp;
  let client: LibreChatClient;
  beforeAll(async () => {
    app = await startChatApp('sqlite', simulator, {
      providers: { chatGPTBrowser: { apiKey: web.token, reverseProxy: web.url } },
    });
    client = new LibreChatClient(app.base);
    client.token = app.token;
  });
  afterAll(() => app.close());

  it('sends, follows up and regenerates as the client does, each reply growing frame by frame', async () => {
    const chat = new ClientChat(client);
    chat.conversation = {
      ...newClientConversation(),
      endpoint: 'chatGPTBrowser',
      model: 'text-davinci-002-render-sha',
    } as typeof chat.conversation;
    const first = await chat.send({ text: 'Hello from LibreChat' });
    expect(first.submission.server).toBe('/api/ask/chatGPTBrowser');
    expect(first.outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    // Whole-text frames: each one longer than the one before, ending on the saved reply.
    const shown = first.outcome.shown;
    expect(shown.length).toBeGreaterThan(1);
    for (let i = 1; i < shown.length; i += 1) expect(shown[i]!.startsWith(shown[i - 1]!)).toBe(true);
    expect(shown.at(-1)).toBe('Reply 1 to: Hello from LibreChat');

    const second = await chat.send({ text: 'Next one' });
    expect(second.outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    expect(chat.latest!.text).toBe('Reply 2 to: Next one');

    const [question] = chat.messages.slice(-2);
    const again = await chat.send(
      { text: question!.text, parentMessageId: question!.parentMessageId, messageId: question!.messageId },
      { isRegenerate: true },
    );
    expect(again.outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    expect(again.outcome.shown.at(-1)).toBe('Reply 2 to: Next one');
    const saved = await messagesOf(app, chat.conversation.conversationId!);
    expect(saved).toHaveLength(5);
    expect(saved.filter((m) => !m.isCreatedByUser).every((m) => m.sender === 'ChatGPT')).toBe(true);
  });
});
