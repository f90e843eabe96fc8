import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A minimal OpenAI Chat Completions upstream for the streaming benches. Unlike the simulator it reports when
// it wrote each token: through `onTokenWrite` (same process and clock as the client), and, with `stamp`, in the
// token text itself as `index@wallClockMs ` (performance.timeOrigin + performance.now(), comparable across
// processes on one machine to well under a millisecond), so a client in another process can tell what the
// server added. Tokens go out on an absolute schedule (t0 + firstTokenDelayMs + i * intervalMs), like the sim.

export interface UpstreamOptions {
  tokens: number;
  intervalMs: number;
  firstTokenDelayMs: number;
  /** Token text `i@writtenAtWallMs ` instead of `tokN `. */
  stamp?: boolean;
  /** Called right before each token's chunk is written, with performance.now(). */
  onTokenWrite?: (index: number, at: number) => void;
}

export interface Upstream {
  url: string;
  close(): Promise<void>;
}

export const wallNow = () => performance.timeOrigin + performance.now();

const chunk = (id: string, delta: unknown, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'gpt-bench',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

let nextId = 0;

export async function startUpstream(options: UpstreamOptions): Promise<Upstream> {
  const live = new Set<ServerResponse>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = JSON.parse((await readBody(req)) || '{}') as { stream?: boolean };
    const id = `chatcmpl-bench-${(nextId += 1)}`;
    if (body.stream !== true) {
      // Title generation (not streamed).
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'gpt-bench',
          choices: [
            { index: 0, message: { role: 'assistant', content: 'Bench title' }, finish_reason: 'stop' },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
        }),
      );
      return;
    }
    live.add(res);
    res.on('close', () => live.delete(res));
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.write(chunk(id, { role: 'assistant', content: '' }));
    const t0 = performance.now();
    let i = 0;
    const tick = () => {
      if (res.destroyed) return;
      if (i < options.tokens) {
        const at = performance.now();
        options.onTokenWrite?.(i, at);
        const content = options.stamp ? `${i}@${(performance.timeOrigin + at).toFixed(3)} ` : `tok${i + 1} `;
        res.write(chunk(id, { content }));
        i += 1;
        setTimeout(
          tick,
          Math.max(0, t0 + options.firstTokenDelayMs + i * options.intervalMs - performance.now()),
        );
        return;
      }
      res.write(chunk(id, {}, 'stop'));
      res.write(
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model: 'gpt-bench',
          choices: [],
          usage: { prompt_tokens: 10, completion_tokens: options.tokens, total_tokens: 10 + options.tokens },
        })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    };
    setTimeout(tick, options.firstTokenDelayMs);
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of live) res.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
