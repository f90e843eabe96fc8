import { NIL_UUID } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseReader } from '../../src/lib/sse.test-helpers';
import { sim, startChatApp, type ChatApp } from '../../src/features/chat/chat.test-helpers';
import { testDialects } from '../dialects.test-helpers';
import { LibreChatClient } from './client.test-helpers';
import { useSimulator } from './conformance.test-helpers';

// An assistants conversation as LibreChat's client streams it (docs/reference/librechat-clients.md): text as typed
// `text` content events holding the part's whole text so far, tool steps as typed `tool_call` events, then the final
// event with the run's messages.

const simulator = useSimulator();

/** What the client's content handler keeps of each event: the part at its index (text from the streamed string). */
function applyContent(content: unknown[], data: Record<string, unknown>): void {
  const type = data['type'] as string;
  const part = data['stream'] && typeof data['text'] === 'string' ? { value: data['text'] } : data[type];
  content[data['index'] as number] = { type, [type]: part };
}

describe.each(testDialects())('LibreChat client, assistants, on %s', (dialect) => {
  let app: ChatApp;
  let client: LibreChatClient;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator, {
      assistants: { models: { default: ['gpt-4o'] } } as never,
    });
    client = new LibreChatClient(app.base);
    client.token = app.token;
    await client.post('/api/user/plugins', { pluginKey: 'calculator', action: 'install', auth: null });
  });
  afterAll(() => app.close());

  it('streams text and tool steps as typed content events the client places by index, then the run', async () => {
    const assistant = await client.post<{ id: string }>('/api/assistants', {
      model: 'gpt-4o',
      tools: ['calculator'],
    });
    const script = {
      steps: [
        { reply: 'Let me count. ', toolCalls: [{ name: 'calculator', input: { expression: '6 * 7' } }] },
        { reply: 'It is 42.' },
      ],
    };
    const res = await client.raw('POST', '/api/assistants/chat', {
      text: `Six sevens? ${sim(script)}`,
      assistant_id: assistant.id,
      parentMessageId: NIL_UUID,
      conversationId: null,
      endpoint: 'assistants',
    });
    expect(res.status).toBe(200);
    const frames = (await sseReader(res.body!).rest()).map(
      (f) => JSON.parse(f.data!) as Record<string, unknown>,
    );
    const created = frames[0]!;
    expect(created['created']).toBe(true);
    const content: unknown[] = [];
    const typed = frames.filter((f) => typeof f['type'] === 'string');
    for (const data of typed) applyContent(content, data);
    const final = frames.at(-1)! as {
      final: boolean;
      conversation: { thread_id: string };
      runMessages: { messageId: string }[];
    };
    expect(final.final).toBe(true);
    const threadId = final.conversation.thread_id;
    expect(threadId).toMatch(/^thread_/);
    // Every content event names the reply, its thread and its conversation.
    for (const data of typed)
      expect(data).toMatchObject({ messageId: expect.any(String), thread_id: threadId });
    // Streamed text frames repeat the whole text of their part so far.
    const texts = typed.filter((f) => f['type'] === 'text').map((f) => [f['index'], f['text']] as const);
    for (const [i, [index, text]] of texts.entries()) {
      const before =
        texts
          .slice(0, i)
          .filter(([at]) => at === index)
          .at(-1)?.[1] ?? '';
      expect(String(text).startsWith(String(before)), `${String(text)} grows from ${String(before)}`).toBe(
        true,
      );
    }
    expect(texts.filter(([index]) => index === 0).at(-1)).toEqual([0, 'Let me count. ']);
    expect(texts.at(-1)).toEqual([2, 'It is 42.']);
    expect(content).toEqual([
      { type: 'text', text: { value: 'Let me count. ' } },
      {
        type: 'tool_call',
        tool_call: expect.objectContaining({ name: 'calculator', output: '42', progress: 1 }),
      },
      { type: 'text', text: { value: 'It is 42.' } },
    ]);
    expect(final.runMessages.map((m) => m.messageId)).toHaveLength(2);
  });

  it('stops the run with the abort key conversationId:messageId', async () => {
    const assistant = await client.post<{ id: string }>('/api/assistants', { model: 'gpt-4o' });
    const res = await client.raw('POST', '/api/assistants/chat', {
      text: `Wait ${sim({ hang: true })}`,
      assistant_id: assistant.id,
      parentMessageId: NIL_UUID,
      conversationId: null,
    });
    const reader = sseReader(res.body!);
    const created = JSON.parse((await reader.next())!.data!) as {
      message: { conversationId: string; messageId: string };
    };
    const final = await client.post<{ final: boolean; run: { status: string } }>(
      '/api/assistants/chat/abort',
      {
        abortKey: `${created.message.conversationId}:${created.message.messageId}`,
        endpoint: 'assistants',
      },
    );
    expect(final).toMatchObject({ final: true, run: { status: 'cancelled' } });
    await reader.rest();
  });
});
