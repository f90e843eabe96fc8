import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID, type ContentPart } from '@parley/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAssistantChatApp, type AssistantChatApp } from './assistant-chat.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { get, messagesOf, send, sim } from '../chat/chat.test-helpers';

// docs/reference/assistants.md (Chatting with an assistant): the code interpreter's step shows its code, what it
// printed and the image it drew (OpenAI's nested shape); the files it wrote are the user's.

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

/** Draws a 2×1 PNG with the standard library alone, writes a CSV beside it, and prints a line. */
const CODE = `
import struct, zlib
def chunk(kind, data):
    body = kind + data
    return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xffffffff)
raw = b'\\x00' + b'\\xff\\x00\\x00' + b'\\x00\\x00\\xff'
png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 2, 1, 8, 2, 0, 0, 0))
png += chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
open('/mnt/data/chart.png', 'wb').write(png)
open('/mnt/data/销售.csv', 'w', encoding='utf-8').write('month,sales\\nMay,12\\n')
print('rows: 1')
`;

type ToolCallPart = Extract<ContentPart, { type: 'tool_call' }>;
type ImagePart = Extract<ContentPart, { type: 'image_file' }>;

describe.each(testDialects())("an assistant's code interpreter on %s", (dialect) => {
  let app: AssistantChatApp;
  afterEach(() => app?.close());

  // A first sandbox makes its Python snapshot (seconds, more on a loaded machine): one turn, a generous window.
  it(
    'shows the code, its logs and the image it drew in the step, and saves the files it wrote as the user’s',
    { timeout: 180_000 },
    async () => {
      app = await startAssistantChatApp(dialect, simulator, [{ type: 'code_interpreter' }]);
      const { assistant } = app;
      const script = {
        steps: [
          { toolCalls: [{ name: 'code_interpreter', input: { code: CODE } }] },
          { reply: 'Here it is.' },
        ],
      };
      const chat = await send(app, '/api/assistants/chat', {
        parentMessageId: NIL_UUID,
        conversationId: null,
        assistant_id: assistant.id,
        text: `Chart the sales ${sim(script)}`,
      });
      expect(chat.events.final?.run?.status).toBe('completed');
      const reply = chat.events.final!.responseMessage;
      const content = reply.content as ContentPart[];
      expect(content.map((p) => p.type)).toEqual(['tool_call', 'image_file', 'text']);
      const step = (content[0] as ToolCallPart).tool_call;
      const image = (content[1] as ImagePart).image_file;
      expect(image).toMatchObject({ filename: 'chart.png', width: 2, height: 1 });
      expect(step).toMatchObject({ type: 'code_interpreter', name: 'code_interpreter', progress: 1 });
      expect(step.code_interpreter?.input).toBe(CODE);
      expect(step.code_interpreter?.outputs).toEqual([
        { type: 'logs', logs: expect.stringMatching(/^rows: 1\n/) },
        { type: 'image', image: { file_id: image.file_id } },
      ]);
      // Streamed as it ran (running, then done) and saved as streamed.
      const streamed = chat.events.messages.filter((m) => m['type'] === 'tool_call');
      expect(streamed.map((m) => (m['tool_call'] as ToolCallPart['tool_call']).code_interpreter)).toEqual([
        { input: CODE, outputs: [] },
        step.code_interpreter,
      ]);
      const saved = (await messagesOf(app, reply.conversationId)).find(
        (m) => m.messageId === reply.messageId,
      )!;
      expect((saved.content as ToolCallPart[])[0]!.tool_call).toEqual(step);

      // Both files are the user's, for assistants' output: the CSV is in their file list though the reply shows
      // only the image.
      const files = (await (await get(app, app.token, '/api/files')).json()) as {
        file_id: string;
        filename: string;
        type: string;
        context: string;
      }[];
      expect(files.map((f) => [f.filename, f.type, f.context]).sort()).toEqual([
        ['chart.png', 'image/png', 'assistants_output'],
        ['销售.csv', 'text/csv', 'assistants_output'],
      ]);
      expect(files.find((f) => f.filename === 'chart.png')?.file_id).toBe(image.file_id);
    },
  );
});
