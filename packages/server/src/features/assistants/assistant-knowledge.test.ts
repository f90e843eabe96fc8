import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID, type ContentPart } from '@parley/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAssistantChatApp, type AssistantChatApp } from './assistant-chat.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { eventually, get, messagesOf, send, sim } from '../chat/chat.test-helpers';
import { upload } from '../files/files.test-helpers';

// docs/reference/assistants.md (Knowledge files): an upload is indexed in the background, then retrieval finds it and
// the reply's step lists the passages it found as citations.

type ToolCallPart = Extract<ContentPart, { type: 'tool_call' }>;
const stepOf = (content: unknown) =>
  (content as ContentPart[]).find((p): p is ToolCallPart => p.type === 'tool_call')!.tool_call;

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

describe.each(testDialects())("an assistant's knowledge on %s", (dialect) => {
  let app: AssistantChatApp;
  afterEach(() => app?.close());

  // A cold extraction worker takes seconds on a loaded machine (it compiles its modules when run from source).
  it(
    'indexes an uploaded file in the background, and the retrieval step cites its passage, asked in Chinese or English',
    { timeout: 60_000 },
    async () => {
      app = await startAssistantChatApp(dialect, simulator, [{ type: 'retrieval' }]);
      const { assistant } = app;
      const text =
        '第三季度的收入增长了百分之十二，主要来自华东地区。\n\nThe office moves to Hangzhou in May.';
      const res = await upload(app.app, app.token, {
        file: { name: '季度报告.txt', data: Buffer.from(text), type: 'text/plain' },
        fields: { file_id: 'temp', endpoint: 'assistants', assistant_id: assistant.id },
      });
      expect(res.statusCode).toBe(201);
      const fileId = res.json<{ file_id: string }>().file_id;
      const states = await eventually(
        () => app.database.db.selectFrom('knowledge_files').select(['file_id', 'status']).execute(),
        (rows) => rows[0]?.status === 'ready',
        45_000,
      );
      expect(states).toEqual([{ file_id: fileId, status: 'ready' }]);
      // The file list tells the builder where indexing stands.
      const listed = (await (await get(app, app.token, '/api/files')).json()) as {
        file_id: string;
        knowledge?: object;
      }[];
      expect(listed.find((f) => f.file_id === fileId)?.knowledge).toEqual({ status: 'ready' });

      // The retrieval step cites the passage it found (file and text), streamed and saved with the reply, in the
      // nested shape LibreChat's client reads; one turn asks in Chinese, the next in English.
      const ask = async (
        question: string,
        query: string,
        parent?: { conversationId: string; messageId: string },
      ) => {
        const script = {
          steps: [{ toolCalls: [{ name: 'retrieval', input: { query } }] }, { echoToolResults: true }],
        };
        const chat = await send(app, '/api/assistants/chat', {
          parentMessageId: parent?.messageId ?? NIL_UUID,
          conversationId: parent?.conversationId ?? null,
          assistant_id: assistant.id,
          text: `${question} ${sim(script)}`,
        });
        expect(chat.events.final?.run?.status).toBe('completed');
        const reply = chat.events.final!.responseMessage;
        const saved = (await messagesOf(app, reply.conversationId)).find(
          (m) => m.messageId === reply.messageId,
        )!;
        const streamed = chat.events.messages.filter((m) => m['type'] === 'tool_call').at(-1)!;
        expect(streamed['tool_call']).toEqual(stepOf(reply.content));
        expect(stepOf(saved.content)).toEqual(stepOf(reply.content));
        return { chat, step: stepOf(saved.content) };
      };
      const citation = {
        fileId,
        filename: '季度报告.txt',
        text: expect.stringContaining('收入增长了百分之十二'),
      };
      const { chat, step } = await ask('收入怎么样？', '收入');
      expect(step).toMatchObject({ type: 'retrieval', retrieval: {}, name: 'retrieval', progress: 1 });
      expect(step.citations).toEqual([citation]);
      expect(step.output).toContain(`[1] 季度报告.txt\n${step.citations![0]!.text}`);
      const english = await ask('When does the office move?', 'office moves Hangzhou', {
        conversationId: chat.events.final!.conversation.conversationId,
        messageId: chat.events.final!.responseMessage.messageId,
      });
      expect(english.step.citations).toEqual([
        { ...citation, text: expect.stringContaining('The office moves to Hangzhou in May.') },
      ]);
    },
  );
});
