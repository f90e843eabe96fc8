import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.test-helpers';
import { sim, startSlow, type ChatApp } from '../../src/features/chat/chat.test-helpers';
import {
  clientConversationSchema,
  clientMessageSchema,
  clientPresetSchema,
  nullPaths,
} from './client-schemas.test-helpers';
import { ClientChat, OPENAI_OPTIONS } from './client-chat.test-helpers';
import { type LibreChatClient } from './client.test-helpers';
import { clientApp, signedInClient, useSimulator } from './conformance.test-helpers';

// Every entity answer leaves an absent field out instead of sending null: the client parses conversations and
// messages with rules that allow absence but not null (docs/decisions.md, "LibreChat client forms (API)").

const simulator = useSimulator();

describe.each(testDialects())('LibreChat client: entities without nulls on %s', (dialect) => {
  let app: ChatApp;
  let client: LibreChatClient;
  beforeAll(async () => ({ app, client } = await clientApp(dialect, simulator)));
  afterAll(() => app.close());

  it('a chat of several turns: every final event is taken, its entities hold no null', async () => {
    const chat = new ClientChat(client);
    for (const text of ['First', 'Second', 'Third']) {
      const { outcome } = await chat.send({ text: `${text} ${sim({ reply: `${text} answer.` })}` });
      expect(outcome.status).toBe(200);
      expect(outcome.failures).toEqual([]);
      expect(outcome.submitting).toBe(false);
      const final = outcome.frames.find((f) => f.data['final'])!.data;
      expect(nullPaths(final)).toEqual([]);
      const created = outcome.frames.find((f) => f.data['created'])!.data;
      expect(nullPaths(created)).toEqual([]);
    }
    expect(chat.messages.filter((m) => !m.isCreatedByUser).map((m) => m.text)).toEqual([
      'First answer.',
      'Second answer.',
      'Third answer.',
    ]);
  });

  it('the list, one conversation and its messages hold no null and parse with the client rules', async () => {
    const chat = new ClientChat(client);
    await chat.send({ text: `Hello ${sim({ reply: 'Hi.' })}` });
    const conversationId = chat.conversation.conversationId!;

    const page = await client.get<{ conversations: unknown[] }>('/api/convos?pageNumber=1');
    expect(nullPaths(page, ['nextCursor'])).toEqual([]);
    for (const conversation of page.conversations) clientConversationSchema.parse(conversation);

    const one = await client.get(`/api/convos/${conversationId}`);
    expect(nullPaths(one)).toEqual([]);
    const messages = await client.get<unknown[]>(`/api/messages/${conversationId}`);
    expect(nullPaths(messages)).toEqual([]);
    for (const message of messages) clientMessageSchema.parse(message);

    const reopened = new ClientChat(client);
    await reopened.open(conversationId);
    const { outcome } = await reopened.send({ text: `Again ${sim({ reply: 'Again.' })}` });
    expect(outcome.failures).toEqual([]);
    expect(outcome.status).toBe(200);
  });

  it('an abort answers its final event without nulls', async () => {
    const { reader, conversationId } = await startSlow(app, { tokens: 200, rate: 50 });
    const final = await client.post<Record<string, unknown>>('/api/ask/openAI/abort', {
      abortKey: conversationId,
      endpoint: 'openAI',
    });
    expect(final['final']).toBe(true);
    expect(nullPaths(final)).toEqual([]);
    clientConversationSchema.parse(final['conversation']);
    clientMessageSchema.parse(final['responseMessage']);
    await reader.rest();
  });

  it('presets saved with the null labels the client sends come back without nulls', async () => {
    const list = await client.post<unknown[]>('/api/presets', {
      ...OPENAI_OPTIONS,
      key: undefined,
      presetId: null,
      title: 'Nulls inside',
      endpointType: null,
      order: null,
    });
    expect(list.length).toBeGreaterThan(0);
    expect(nullPaths(list)).toEqual([]);
    for (const preset of list) clientPresetSchema.parse(preset);
    expect(nullPaths(await client.get('/api/presets'))).toEqual([]);
  });

  it('the user leaves unset fields out', async () => {
    const other = await signedInClient(app, 'new user');
    const user = await other.get<Record<string, unknown>>('/api/user');
    expect(nullPaths(user)).toEqual([]);
    expect(user).not.toHaveProperty('phone');
    expect(user).not.toHaveProperty('avatar');
  });
});
