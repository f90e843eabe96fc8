import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';

export interface ParsedFrame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** Parses one SSE frame (without its blank-line terminator) the way a browser's EventSource would. */
export function parseFrame(frame: string): ParsedFrame {
  const out: ParsedFrame = {};
  for (const line of frame.split('\n')) {
    if (line.startsWith(':')) {
      out.comment = line.slice(1).trim();
      continue;
    }
    // `field:value`, one optional space after the colon (Parley sends none).
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const field = line.slice(0, colon);
    const value = line.charCodeAt(colon + 1) === 32 ? line.slice(colon + 2) : line.slice(colon + 1);
    if (field === 'id' || field === 'event' || field === 'data') out[field] = value;
  }
  return out;
}

/** Reads a fetch body frame by frame. */
export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<ParsedFrame | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parseFrame(frame);
      }
      const { done, value } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return {
    next,
    async rest(): Promise<ParsedFrame[]> {
      const frames: ParsedFrame[] = [];
      for (let frame = await next(); frame; frame = await next()) frames.push(frame);
      return frames;
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

/** A real Fastify app on a random loopback port; `register` adds the routes under test. */
export async function listen(
  register: (app: FastifyInstance) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  // fetch (undici) may hold a spare idle connection open; do not let it delay close by seconds.
  const app = Fastify({ forceCloseConnections: true });
  register(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: address, close: () => app.close() };
}
