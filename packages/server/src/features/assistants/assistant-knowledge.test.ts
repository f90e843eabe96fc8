import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID, type Assistant, type ContentPart } from '@parley/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { eventually, get, post, send, sim, startChatApp, type ChatApp } from '../chat/chat.test-helpers';
import { upload } from '../files/files.test-helpers';

// docs/reference/assistants.md (Knowledge files): an upload is indexed in the background, then retrieval finds it.

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

describe.each(testDialects())("an assistant's knowledge on %s", (dialect) => {
  let app: ChatApp;
  let dataDir: string;
  afterEach(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // A cold extraction worker takes seconds on a loaded machine (it compiles its modules when run from source).
  it(
    'indexes an uploaded file in the background, and the retrieval step answers its passage in Chinese',
    { timeout: 60_000 },
    async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'parley-knowledge-chat-'));
      app = await startChatApp(dialect, simulator, {
        dataDir,
        assistants: { models: { default: ['gpt-4o'] } } as never,
      });
      const created = await post(app, app.token, '/api/assistants', {
        model: 'gpt-4o',
        tools: [{ type: 'retrieval' }],
      });
      const assistant = (await created.json()) as Assistant;
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

      const script = {
        steps: [{ toolCalls: [{ name: 'retrieval', input: { query: '收入' } }] }, { echoToolResults: true }],
      };
      const chat = await send(app, '/api/assistants/chat', {
        parentMessageId: NIL_UUID,
        conversationId: null,
        assistant_id: assistant.id,
        text: `收入怎么样？ ${sim(script)}`,
      });
      const content = chat.events.final?.responseMessage.content as ContentPart[];
      const step = content.find((p) => p.type === 'tool_call') as Extract<ContentPart, { type: 'tool_call' }>;
      expect(step.tool_call.name).toBe('retrieval');
      expect(step.tool_call.output).toContain('季度报告.txt');
      expect(step.tool_call.output).toContain('收入增长了百分之十二');
      expect(chat.events.final?.run?.status).toBe('completed');
    },
  );
});
