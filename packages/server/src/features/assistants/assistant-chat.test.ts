import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID, type Assistant, type ContentPart } from '@parley/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { sseReader } from '../../lib/sse.test-helpers';
import { installPlugin } from '../chat/chat-tools.test-helpers';
import {
  eventually,
  messagesOf,
  post,
  send,
  sim,
  startChatApp,
  type ChatApp,
} from '../chat/chat.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';

// docs/reference/assistants.md (Chatting with an assistant): a turn is a run of the assistant's model and tools.

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

const CHAT = '/api/assistants/chat';
const fresh = { parentMessageId: NIL_UUID, conversationId: null };

describe.each(testDialects())('chatting with an assistant on %s', (dialect) => {
  let app: ChatApp;
  afterEach(async () => app?.close());

  const start = async (assistants: Record<string, unknown> = {}) => {
    app = await startChatApp(dialect, simulator, {
      assistants: { models: { default: ['gpt-4o', 'gpt-4o-mini'] }, ...assistants } as never,
    });
    simulator.clearRequests();
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await post(app, app.token, '/api/assistants', { model: 'gpt-4o', ...body });
    expect(res.status).toBe(201);
    return (await res.json()) as Assistant;
  };
  const runRows = () =>
    app.database.db.selectFrom('assistant_runs').selectAll().orderBy('created_at').execute();
  const lastChatRequest = () =>
    simulator
      .requests()
      .filter((r) => r.path.endsWith('/chat/completions'))
      .at(-1)!.body as {
      model: string;
      messages: { role: string; content: unknown }[];
      tools?: { function: { name: string } }[];
    };

  it("answers with the assistant's model and instructions, on the assistants endpoint, and records the run", async () => {
    await start();
    const assistant = await create({ name: '翻译助手', instructions: 'Always answer in French.' });
    const res = await send(app, CHAT, {
      ...fresh,
      assistant_id: assistant.id,
      text: `Hello ${sim({ reply: 'Bonjour !' })}`,
    });
    expect(res.status).toBe(200);
    const { final } = res.events;
    expect(final?.responseMessage).toMatchObject({
      text: 'Bonjour !',
      sender: '翻译助手',
      endpoint: 'assistants',
    });
    expect(final?.conversation).toMatchObject({
      endpoint: 'assistants',
      assistant_id: assistant.id,
      model: 'gpt-4o',
    });
    const threadId = (final?.conversation as { thread_id?: string }).thread_id!;
    expect(threadId).toMatch(/^thread_/);
    expect(final?.run).toMatchObject({
      object: 'thread.run',
      assistant_id: assistant.id,
      thread_id: threadId,
      status: 'completed',
      model: 'gpt-4o',
      completed_at: expect.any(Number),
      cancelled_at: null,
      last_error: null,
    });
    expect(final?.runMessages?.map((m) => m.messageId)).toEqual([
      final!.requestMessage.messageId,
      final!.responseMessage.messageId,
    ]);
    const request = lastChatRequest();
    expect(request.model).toBe('gpt-4o');
    expect(request.messages[0]).toEqual({ role: 'system', content: 'Always answer in French.' });
    expect(request.tools).toBeUndefined();
    expect(await runRows()).toEqual([
      expect.objectContaining({
        status: 'completed',
        thread_id: threadId,
        conversation_id: final!.conversation.conversationId,
      }),
    ]);

    // The next turn stays on the thread; the conversation's instructions replace the assistant's.
    const next = await send(app, CHAT, {
      conversationId: final!.conversation.conversationId,
      parentMessageId: final!.responseMessage.messageId,
      assistant_id: assistant.id,
      instructions: 'Answer in German.',
      text: `Again ${sim({ reply: 'Hallo!' })}`,
    });
    expect(next.events.final?.run).toMatchObject({ status: 'completed', thread_id: threadId });
    expect(lastChatRequest().messages[0]).toEqual({ role: 'system', content: 'Answer in German.' });
    const saved = await messagesOf(app, final!.conversation.conversationId);
    expect(saved.map((m) => m.thread_id)).toEqual([threadId, threadId, threadId, threadId]);
    expect(next.events.final?.runMessages).toHaveLength(4);
  });

  it("runs the assistant's plugin as a tool step and saves its parts", async () => {
    await start();
    expect((await installPlugin(app, 'calculator')).status).toBe(200);
    const assistant = await create({ tools: ['calculator'] });
    const script = {
      steps: [
        { toolCalls: [{ name: 'calculator', input: { expression: '6 * 7' } }] },
        { reply: 'It is 42.' },
      ],
    };
    const res = await send(app, CHAT, { ...fresh, assistant_id: assistant.id, text: `6*7? ${sim(script)}` });
    const content = res.events.final?.responseMessage.content as ContentPart[];
    expect(content.map((p) => p.type)).toEqual(['tool_call', 'text']);
    expect(content[0]).toMatchObject({ tool_call: { name: 'calculator', output: '42', progress: 1 } });
    expect(res.events.final?.run?.status).toBe('completed');
    expect(lastChatRequest().tools?.map((t) => t.function.name)).toEqual(['calculator']);
  });

  it('stops a run on abort (cancelled), and expires one past timeoutMs (expired)', async () => {
    await start({ timeoutMs: 60_000 });
    const assistant = await create({});
    const res = await post(app, app.token, CHAT, {
      ...fresh,
      assistant_id: assistant.id,
      text: `Wait ${sim({ hang: true })}`,
    });
    const reader = sseReader(res.body!);
    const created = JSON.parse((await reader.next())!.data!) as {
      message: { conversationId: string; messageId: string };
    };
    const conversationId = created.message.conversationId;
    expect((await eventually(runRows, (rows) => rows[0]?.status === 'in_progress', 15_000))[0]?.status).toBe(
      'in_progress',
    );
    const aborted = await post(app, app.token, `${CHAT}/abort`, {
      abortKey: `${conversationId}:${created.message.messageId}`,
    });
    expect(aborted.status).toBe(200);
    const final = (await aborted.json()) as { run: { status: string; cancelled_at: number | null } };
    expect(final.run).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(Number) });
    await reader.rest();
    await app.close();

    await start({ timeoutMs: 300 });
    const slow = await create({});
    const expired = await send(app, CHAT, {
      ...fresh,
      assistant_id: slow.id,
      text: `Wait ${sim({ hang: true })}`,
    });
    expect(expired.events.final?.run).toMatchObject({ status: 'expired', last_error: { code: 'expired' } });
    expect(expired.events.final?.responseMessage.unfinished).toBe(true);
  });

  it("refuses another user's assistant, a missing one, and an endpoint that is not configured, saving nothing", async () => {
    await start();
    const assistant = await create({});
    const other = await newUser(app.app);
    const theirs = await post(app, other.token, CHAT, { ...fresh, assistant_id: assistant.id, text: 'Hi' });
    expect(theirs.status).toBe(404);
    const missing = await post(app, app.token, CHAT, { ...fresh, assistant_id: 'asst_nobody', text: 'Hi' });
    expect(missing.status).toBe(404);
    const noAssistant = await post(app, app.token, CHAT, { ...fresh, text: 'Hi' });
    expect(noAssistant.status).toBe(400);
    expect(await runRows()).toEqual([]);
    expect(await app.database.db.selectFrom('messages').select('message_id').execute()).toEqual([]);
    await app.close();
    app = await startChatApp(dialect, simulator);
    const off = await post(app, app.token, CHAT, { ...fresh, assistant_id: assistant.id, text: 'Hi' });
    expect(off.status).toBe(404);
  });
});
