import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actionFunctionName, NIL_UUID } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseReader } from '../../src/lib/sse.test-helpers';
import { eventually, sim, startChatApp, type ChatApp } from '../../src/features/chat/chat.test-helpers';
import { testDialects } from '../dialects.test-helpers';
import { LibreChatClient } from './client.test-helpers';
import { useSimulator } from './conformance.test-helpers';

// An assistants conversation as LibreChat's client streams it (docs/reference/librechat-clients.md): text as typed
// `text` content events holding the part's whole text so far, tool steps as typed `tool_call` events, then the final
// event with the run's messages. An assistant's tool steps carry OpenAI's nested shapes (`code_interpreter`,
// `retrieval`, `function`), which the client's parts read, in the stream and in the saved messages alike.

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

/** A weather API on this machine for an action to call (the operator allows loopback in this test). */
async function weatherApi(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const city = new URL(req.url ?? '/', 'http://x').searchParams.get('city');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ city, high: 21 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

const forecastSpec = (url: string) =>
  JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'Weather', version: '1' },
    servers: [{ url }],
    paths: {
      '/forecast': {
        get: {
          operationId: 'getForecast',
          summary: 'The forecast of a city',
          parameters: [{ name: 'city', in: 'query', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  });

describe.each(testDialects())("LibreChat client, an assistant's tool steps, on %s", (dialect) => {
  let app: ChatApp;
  let client: LibreChatClient;
  let api: { server: Server; url: string };
  let dataDir: string;
  beforeAll(async () => {
    api = await weatherApi();
    dataDir = mkdtempSync(join(tmpdir(), 'parley-assistant-steps-'));
    app = await startChatApp(dialect, simulator, {
      dataDir,
      assistants: { models: { default: ['gpt-4o'] } } as never,
      network: { userURLAllowedRanges: ['127.0.0.1/32'] },
    });
    client = new LibreChatClient(app.base);
    client.token = app.token;
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => api.server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The client's knowledge upload: a multipart form to /api/files naming the assistant. */
  async function uploadKnowledge(assistantId: string, name: string, text: string) {
    const form = new FormData();
    form.append('file_id', `temp-${name}`);
    form.append('endpoint', 'assistants');
    form.append('assistant_id', assistantId);
    form.append('message_file', 'false');
    form.append('file', new Blob([text], { type: 'text/plain' }), name);
    const res = await fetch(`${app.base}/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { file_id: string }).file_id;
  }

  // A first sandbox makes its Python snapshot and a first upload warms the extraction worker: a generous window.
  it(
    'streams code interpreter, retrieval and action steps in their nested shapes, and answers them so from GET /api/messages',
    { timeout: 180_000 },
    async () => {
      const assistant = await client.post<{ id: string }>('/api/assistants', {
        model: 'gpt-4o',
        tools: [{ type: 'code_interpreter' }, { type: 'retrieval' }],
      });
      const fileId = await uploadKnowledge(assistant.id, 'move.txt', 'The office moves to Hangzhou in May.');
      await eventually(
        () => app.database.db.selectFrom('knowledge_files').select('status').execute(),
        (rows) => rows[0]?.status === 'ready',
        60_000,
      );
      await client.post(`/api/assistants/actions/${assistant.id}`, {
        metadata: { raw_spec: forecastSpec(api.url) },
      });
      const forecast = actionFunctionName('getForecast', '127.0.0.1');
      const script = {
        steps: [
          {
            toolCalls: [
              { name: 'code_interpreter', input: { code: 'print(6 * 7)' } },
              { name: 'retrieval', input: { query: 'office Hangzhou' } },
              { name: forecast, input: { city: 'Hangzhou' } },
            ],
          },
          { reply: 'Done.' },
        ],
      };
      const res = await client.raw('POST', '/api/assistants/chat', {
        text: `Three tools ${sim(script)}`,
        assistant_id: assistant.id,
        parentMessageId: NIL_UUID,
        conversationId: null,
        endpoint: 'assistants',
      });
      expect(res.status).toBe(200);
      const frames = (await sseReader(res.body!).rest()).map(
        (f) => JSON.parse(f.data!) as Record<string, unknown>,
      );
      const final = frames.at(-1)! as {
        final: boolean;
        conversation: { conversationId: string; thread_id: string };
        responseMessage: { messageId: string };
      };
      expect(final.final).toBe(true);
      const steps = frames.filter((f) => f['type'] === 'tool_call');
      // Each step comes running, then done: a typed content event at its index, naming the reply and its thread.
      for (const frame of steps)
        expect(frame).toMatchObject({
          type: 'tool_call',
          index: expect.any(Number),
          tool_call: expect.any(Object),
          messageId: final.responseMessage.messageId,
          conversationId: final.conversation.conversationId,
          thread_id: final.conversation.thread_id,
        });
      const running = steps.slice(0, 3).map((f) => f['tool_call']);
      expect(running).toEqual([
        expect.objectContaining({
          type: 'code_interpreter',
          progress: 0,
          code_interpreter: { input: 'print(6 * 7)', outputs: [] },
        }),
        expect.objectContaining({ type: 'retrieval', progress: 0, retrieval: {} }),
        expect.objectContaining({
          type: 'function',
          progress: 0,
          function: { name: forecast, arguments: '{"city":"Hangzhou"}', output: null },
        }),
      ]);
      const content: unknown[] = [];
      for (const data of frames.filter((f) => typeof f['type'] === 'string')) applyContent(content, data);
      expect(content).toEqual([
        {
          type: 'tool_call',
          tool_call: expect.objectContaining({
            type: 'code_interpreter',
            progress: 1,
            code_interpreter: { input: 'print(6 * 7)', outputs: [{ type: 'logs', logs: '42' }] },
          }),
        },
        {
          type: 'tool_call',
          tool_call: expect.objectContaining({
            type: 'retrieval',
            progress: 1,
            retrieval: {},
            citations: [{ fileId, filename: 'move.txt', text: 'The office moves to Hangzhou in May.' }],
          }),
        },
        {
          type: 'tool_call',
          tool_call: expect.objectContaining({
            type: 'function',
            progress: 1,
            function: {
              name: forecast,
              arguments: '{"city":"Hangzhou"}',
              output: expect.stringContaining('"high": 21'),
            },
          }),
        },
        { type: 'text', text: { value: 'Done.' } },
      ]);

      // A reload reads the same parts.
      const messages = await client.get<{ messageId: string; content: unknown[] }[]>(
        `/api/messages/${final.conversation.conversationId}`,
      );
      const saved = messages.find((m) => m.messageId === final.responseMessage.messageId)!;
      expect(saved.content).toEqual(content);
    },
  );
});
