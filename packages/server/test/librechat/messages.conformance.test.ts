import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.test-helpers';
import { sim, type ChatApp } from '../../src/features/chat/chat.test-helpers';
import { clientMessageSchema, nullPaths } from './client-schemas.test-helpers';
import { ClientChat } from './client-chat.test-helpers';
import { type LibreChatClient } from './client.test-helpers';
import { clientApp, refusal, signedInClient, useSimulator } from './conformance.test-helpers';

// "Save" in the client's message editor: `PUT /api/messages/{conversationId}/{messageId}` with only the text
// (and, for a reply, the model); the conversation is named by the path alone.

const simulator = useSimulator();

describe.each(testDialects())('LibreChat client: edit and save only on %s', (dialect) => {
  let app: ChatApp;
  let client: LibreChatClient;
  beforeAll(async () => ({ app, client } = await clientApp(dialect, simulator)));
  afterAll(() => app.close());

  async function oneTurn() {
    const chat = new ClientChat(client);
    await chat.send({ text: `Question ${sim({ reply: 'Answer.' })}` });
    const [question, answer] = chat.messages;
    return { chat, conversationId: chat.conversation.conversationId!, question: question!, answer: answer! };
  }

  it('saves a user message from {text} alone and a reply from {text, model}', async () => {
    const { chat, conversationId, question, answer } = await oneTurn();
    const saved = await client.put(`/api/messages/${conversationId}/${question.messageId}`, {
      text: 'Edited question',
    });
    expect(nullPaths(saved)).toEqual([]);
    expect(clientMessageSchema.parse(saved)).toMatchObject({ text: 'Edited question', isEdited: true });

    const reply = await client.put(`/api/messages/${conversationId}/${answer.messageId}`, {
      text: 'Edited answer',
      model: 'gpt-4o',
    });
    expect(clientMessageSchema.parse(reply)).toMatchObject({ text: 'Edited answer', model: 'gpt-4o' });

    await chat.open(conversationId);
    expect(chat.messages.map((m) => m.text)).toEqual(['Edited question', 'Edited answer']);
  });

  it('refuses a body naming another conversation, and another user’s message is 404', async () => {
    const { conversationId, question } = await oneTurn();
    const url = `/api/messages/${conversationId}/${question.messageId}`;
    const mismatch = await refusal(client.put(url, { text: 'x', conversationId: 'another' }));
    expect(mismatch.status).toBe(400);

    const stranger = await signedInClient(app, 'new user');
    expect((await refusal(stranger.put(url, { text: 'hacked' }))).status).toBe(404);
    const messages = await client.get<{ text: string }[]>(`/api/messages/${conversationId}`);
    expect(messages[0]!.text).not.toBe('hacked');
  });
});
