import type { ContentPart } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError, type ToolFile } from '../tools/tool';
import { testToolContext } from '../tools/tool-context.test-helpers';
import { runToolCall } from '../tools/tool-runner';
import { createCodeInterpreterTool } from './code-interpreter.tool';
import type { SandboxPool } from './sandbox-pool';
import { closeAll, testPool } from './sandbox.test-helpers';

/** A saver that keeps what it was given and answers the part the real one would. */
function recordingSaver(refuse?: string) {
  const saved: ToolFile[] = [];
  const saveFile = (file: ToolFile): Promise<ContentPart> => {
    if (refuse && file.filename === refuse) return Promise.reject(new ToolError('Your storage is full.'));
    saved.push(file);
    const id = `file-${saved.length}`;
    return Promise.resolve(
      file.type === 'image/png'
        ? {
            type: 'image_file',
            image_file: { file_id: id, filepath: `/api/files/download/${id}`, filename: file.filename },
          }
        : { type: 'text', text: { value: `[${file.filename}](/api/files/download/${id})` } },
    );
  };
  return { saved, saveFile };
}

const ONE_PIXEL_PNG = `
import struct, zlib
def chunk(kind, data):
    body = kind + data
    return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xffffffff)
png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 1, 1, 8, 2, 0, 0, 0))
png += chunk(b'IDAT', zlib.compress(b'\\x00\\x00\\x00\\xff')) + chunk(b'IEND', b'')
open('/mnt/data/plots/dot.png', 'wb').write(png)
`;

describe('the code_interpreter tool', () => {
  let pool: SandboxPool;
  beforeAll(async () => {
    pool = testPool({ size: 1 });
    await pool.warm();
  }, 120_000);
  afterAll(closeAll);

  it('runs the code and answers what it printed, stdout then stderr', async () => {
    const tool = createCodeInterpreterTool({ pool });
    const ctx = testToolContext();
    const outcome = await runToolCall(
      tool,
      { code: "import sys\nprint('hi')\nprint('careful', file=sys.stderr)" },
      ctx,
    );
    expect(outcome).toMatchObject({ status: 'done', output: 'hi\n[stderr]\ncareful', parts: [] });
    expect(ctx.progressed).toEqual(['Starting Python…', 'Running the code…']);
  });

  it('says so when the code printed nothing', async () => {
    const outcome = await runToolCall(
      createCodeInterpreterTool({ pool }),
      { code: 'x = 1' },
      testToolContext(),
    );
    expect(outcome.output).toBe('(the code printed nothing)');
  });

  it('fails the step with the traceback, after what was printed', async () => {
    const outcome = await runToolCall(
      createCodeInterpreterTool({ pool }),
      JSON.stringify({ code: "print('start')\n[][1]" }),
      testToolContext(),
    );
    expect(outcome.status).toBe('failed');
    expect(outcome.output).toBe(
      'error processing tool code_interpreter: start\nTraceback (most recent call last):\n' +
        '  File "<code>", line 2, in <module>\nIndexError: list index out of range\n',
    );
  });

  it('refuses input without code', async () => {
    const outcome = await runToolCall(createCodeInterpreterTool({ pool }), { code: '' }, testToolContext());
    expect(outcome.status).toBe('failed');
    expect(outcome.output).toMatch(/^error processing tool code_interpreter: invalid input: code: /);
  });

  it('reads the attached files and saves what the code wrote, showing images', async () => {
    const { saved, saveFile } = recordingSaver();
    const tool = createCodeInterpreterTool({
      pool,
      inputFiles: (ctx) =>
        Promise.resolve([{ name: 'sales.csv', bytes: Buffer.from(`user,amount\n${ctx.userId},5\n`) }]),
    });
    const ctx = testToolContext({ saveFile });
    const code = `import csv, os\nos.makedirs('plots', exist_ok=True)\n${ONE_PIXEL_PNG}\nrows = list(csv.DictReader(open('sales.csv')))\nopen('total.csv', 'w').write('total\\n' + str(sum(int(r['amount']) for r in rows)) + '\\n')\nprint(rows[0]['user'])`;
    const outcome = await runToolCall(tool, { code }, ctx);
    expect(outcome.status).toBe('done');
    expect(saved.map((f) => [f.filename, f.type, f.context])).toEqual(
      expect.arrayContaining([
        ['dot.png', 'image/png', 'assistants_output'],
        ['total.csv', 'text/csv', 'assistants_output'],
      ]),
    );
    expect(saved).toHaveLength(2);
    expect(saved.find((f) => f.filename === 'total.csv')!.bytes.toString()).toBe('total\n5\n');
    expect(outcome.parts).toEqual([
      {
        type: 'image_file',
        image_file: { file_id: expect.any(String), filepath: expect.any(String), filename: 'dot.png' },
      },
    ]);
    expect(outcome.output.split('\n').sort()).toEqual([
      '[file] /mnt/data/plots/dot.png (image/png) was given to the user and is shown.',
      '[file] /mnt/data/total.csv (text/csv) was given to the user.',
      'user-1',
    ]);
    expect(ctx.progressed).toEqual(['Starting Python…', 'Running the code…', 'Saving 2 file(s)…']);
  });

  it('notes a file that could not be saved and goes on', async () => {
    const { saved, saveFile } = recordingSaver('a.txt');
    const outcome = await runToolCall(
      createCodeInterpreterTool({ pool }),
      { code: "open('a.txt', 'w').write('a')\nopen('b.txt', 'w').write('b')" },
      testToolContext({ saveFile }),
    );
    expect(outcome.status).toBe('done');
    expect(saved.map((f) => f.filename)).toEqual(['b.txt']);
    expect(outcome.output).toContain('[file] /mnt/data/a.txt could not be saved: Your storage is full.');
  });

  it('keeps variables per user and conversation, never across users', async () => {
    const tool = createCodeInterpreterTool({ pool, sessionKey: () => 'conversation-1' });
    const alice = testToolContext({ userId: 'alice' });
    const bob = testToolContext({ userId: 'bob' });
    await runToolCall(tool, { code: 'balance = 100' }, alice);
    expect((await runToolCall(tool, { code: 'balance + 1' }, alice)).output).toBe('101');
    const other = await runToolCall(tool, { code: 'balance' }, bob);
    expect(other.status).toBe('failed');
    expect(other.output).toContain("NameError: name 'balance' is not defined");
  });

  it('stops when the reply is stopped', async () => {
    const controller = new AbortController();
    const tool = createCodeInterpreterTool({ pool, sessionKey: () => 'c' });
    const running = runToolCall(
      tool,
      { code: 'while True: pass' },
      testToolContext({ signal: controller.signal }),
    );
    const stop = new Error('the user stopped the reply');
    setImmediate(() => controller.abort(stop));
    await expect(running).rejects.toBe(stop);
  });

  it("allows the pool's wall time plus its slack", () => {
    const tool = createCodeInterpreterTool({ pool, slackMs: 5000 });
    expect(tool.timeoutMs).toBe(pool.limits.wallMs + 5000);
  });
});
