import type { IncomingMessage, ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** Node gives repeated headers as arrays; the log and echo want one lower-cased string per name. */
export function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Resolves after `ms`, or at once when the client has gone, so no timer outlives its request. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Writes and, when the socket buffer is full, waits for it to drain so slow readers get real backpressure. */
export function write(res: ServerResponse, text: string, signal: AbortSignal): Promise<void> {
  if (text === '' || res.write(text)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    res.on('drain', done);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Kills the connection mid-answer, the way a dropped upstream does: no final frame, no terminator.
 * Node corks response writes until the next tick, so wait for what was written to reach the socket first;
 * otherwise the drop would also swallow the chunks the client should have seen.
 */
export function dropConnection(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket) return;
  setImmediate(() => {
    if (socket.destroyed) return;
    socket.write('', () => socket.destroy());
  });
}
