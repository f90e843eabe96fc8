import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.test-helpers';
import { sim, startChatApp, type ChatApp } from '../../src/features/chat/chat.test-helpers';
import { clientConversationSchema, nullPaths } from './client-schemas.test-helpers';
import { ClientChat, type ClientConversation } from './client-chat.test-helpers';
import { type LibreChatClient } from './client.test-helpers';
import { refusal, signedInClient, useSimulator } from './conformance.test-helpers';

// The client's conversation calls: `updateConversation(conversation)` posts `{arg: conversation}` (a rename sends
// only the id and title), `deleteConversation` posts `{arg: {conversationId, source, thread_id}}`, and clearing all
// posts `{arg: {}}`.

const simulator = useSimulator();

describe.each(testDialects())('LibreChat client: conversations on %s', (dialect) => {
  let app: ChatApp;
  let client: LibreChatClient;
  beforeAll(async () => {
    // No generated titles: one written after the update would replace the title under test.
    app = await startChatApp(dialect, simulator, { titleConvo: false });
  });
  beforeEach(async () => {
    client = await signedInClient(app, 'new user');
  });
  afterAll(() => app.close());

  async function newConversation(): Promise<ClientChat> {
    const chat = new ClientChat(client);
    await chat.send({ text: `Hello ${sim({ reply: 'Hi.' })}` });
    return chat;
  }

  it('renames with {arg: {conversationId, title}}', async () => {
    const chat = await newConversation();
    const conversationId = chat.conversation.conversationId!;
    const renamed = await client.post('/api/convos/update', { arg: { conversationId, title: 'Renamed' } });
    expect(nullPaths(renamed)).toEqual([]);
    expect(clientConversationSchema.parse(renamed)).toMatchObject({ conversationId, title: 'Renamed' });
  });

  it('updates from the whole conversation: settings applied, server fields ignored, ranges checked', async () => {
    const chat = await newConversation();
    const conversation: ClientConversation = {
      ...chat.conversation,
      title: 'Tuned',
      temperature: 0.3,
      promptPrefix: 'Be brief.',
      chatGptLabel: null,
      user: 'someone-else',
      createdAt: '2000-01-01T00:00:00.000Z',
      messages: ['a', 'b'],
      endpoint: 'anthropic',
    };
    const updated = await client.post<Record<string, unknown>>('/api/convos/update', { arg: conversation });
    expect(nullPaths(updated)).toEqual([]);
    expect(clientConversationSchema.parse(updated)).toMatchObject({
      title: 'Tuned',
      temperature: 0.3,
      promptPrefix: 'Be brief.',
      endpoint: 'openAI',
      model: 'gpt-4o',
    });
    expect(updated['user']).not.toBe('someone-else');
    expect(updated['createdAt']).not.toBe('2000-01-01T00:00:00.000Z');
    expect(updated).not.toHaveProperty('messages');

    const opened = await client.get(`/api/convos/${chat.conversation.conversationId}`);
    expect(opened).toMatchObject({ title: 'Tuned', temperature: 0.3, promptPrefix: 'Be brief.' });

    const tooHot = await refusal(
      client.post('/api/convos/update', { arg: { ...conversation, temperature: 7 } }),
    );
    expect(tooHot.status).toBe(400);
    expect(tooHot.data).toMatchObject({ field: 'temperature' });
    const wrongType = await refusal(
      client.post('/api/convos/update', { arg: { ...conversation, top_p: 'high' } }),
    );
    expect(wrongType.status).toBe(400);

    // The next send carries the updated settings.
    await chat.open(chat.conversation.conversationId!);
    const { outcome } = await chat.send({ text: `Again ${sim({ reply: 'Ok.' })}` });
    expect(outcome.failures).toEqual([]);
    expect(outcome.conversation).toMatchObject({ temperature: 0.3 });
  });

  it('another user’s conversation is 404 to update and to clear', async () => {
    const chat = await newConversation();
    const conversationId = chat.conversation.conversationId!;
    const stranger = await signedInClient(app, 'new user');
    const update = stranger.post('/api/convos/update', { arg: { conversationId, title: 'Mine now' } });
    expect((await refusal(update)).status).toBe(404);
    const clear = stranger.post('/api/convos/clear', { arg: { conversationId } });
    expect((await refusal(clear)).status).toBe(404);
    expect(await client.get(`/api/convos/${conversationId}`)).toMatchObject({ conversationId });
  });

  it('clears one by {arg: {conversationId, source, thread_id}} or by the bare id, then all with {arg: {}}', async () => {
    const [one, two] = [await newConversation(), await newConversation()];
    await newConversation();
    const cleared = await client.post('/api/convos/clear', {
      arg: { conversationId: one.conversation.conversationId, source: 'button', thread_id: undefined },
    });
    expect(cleared).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await client.post('/api/convos/clear', { arg: two.conversation.conversationId })).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect(await client.post('/api/convos/clear', { arg: {} })).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect(await client.get('/api/convos?pageNumber=1')).toMatchObject({ conversations: [] });
  });
});
