import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// An OpenAI Chat Completions upstream for the tool-step bench: a request that carries no tool result answers with one
// call of `calculator`, streamed as OpenAI streams it, and notes when it wrote the call's last chunk; a request that
// carries the result answers a short text and notes when it arrived. The gap between the two, less the tool's own
// time, is what Parley adds to a step.

export interface ToolUpstream {
  url: string;
  /** performance.now() when the last tool call's response ended, and when the next request arrived. */
  readonly marks: { callEnded: number; resultArrived: number };
  close(): Promise<void>;
}

const chunk = (delta: unknown, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-tool-bench',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'gpt-4o',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

const usage = `data: ${JSON.stringify({
  id: 'chatcmpl-tool-bench',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'gpt-4o',
  choices: [],
  usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 },
})}\n\n`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startToolUpstream(): Promise<ToolUpstream> {
  const marks = { callEnded: Number.NaN, resultArrived: Number.NaN };
  let calls = 0;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const arrived = performance.now();
    const body = JSON.parse((await readBody(req)) || '{}') as { messages?: { role: string }[] };
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    if ((body.messages ?? []).some((m) => m.role === 'tool')) {
      marks.resultArrived = arrived;
      res.write(chunk({ role: 'assistant', content: 'Two.' }));
      res.write(chunk({}, 'stop'));
      res.end(`${usage}data: [DONE]\n\n`);
      return;
    }
    calls += 1;
    const call = { index: 0, id: `call_bench_${calls}`, type: 'function' };
    res.write(
      chunk({
        role: 'assistant',
        content: null,
        tool_calls: [{ ...call, function: { name: 'calculator', arguments: '' } }],
      }),
    );
    res.write(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"expression":"1 + 1"}' } }] }));
    res.write(chunk({}, 'tool_calls'));
    res.end(`${usage}data: [DONE]\n\n`, () => (marks.callEnded = performance.now()));
  }

  const server = createServer({ noDelay: true }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    marks,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
