import type { FastifyReply } from 'fastify';

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // nginx would otherwise buffer the stream and the client would see it in bursts.
  'x-accel-buffering': 'no',
} as const;

export const SSE_HEARTBEAT_MS = 15_000;

export interface SseStream {
  /** Aborts when the client goes away (or the stream is ended): stop following, never stop the job. */
  readonly signal: AbortSignal;
  /**
   * Writes one frame (no `event:` line for `message`, the default); `data` must be JSON (it then holds no raw
   * newline, so one `data:` line is enough). Frames written in one tick leave in one socket write: Node's http
   * response corks its socket until the next tick by itself.
   * Answers null when the socket took it, else a promise that settles once the socket drained (or closed):
   * await it, so a slow client holds at most one frame in memory beyond the socket's buffer.
   */
  send(id: string, event: string, data: string): Promise<void> | null;
  /** Ends the response (idempotent). */
  end(): void;
}

/**
 * Takes the response over from Fastify (hijack) and opens an event stream on it, keeping any headers
 * already set on the reply (CORS, security). A `: ping` comment goes out every `heartbeatMs` the stream
 * was otherwise idle, so proxies and browsers do not time an idle stream out.
 */
export function openSseStream(reply: FastifyReply, options: { heartbeatMs?: number } = {}): SseStream {
  const raw = reply.raw;
  const controller = new AbortController();
  let wroteSinceTick = false;

  reply.hijack();
  for (const [name, value] of Object.entries({ ...reply.getHeaders(), ...SSE_HEADERS })) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  raw.writeHead(200);
  raw.flushHeaders();

  const heartbeat = setInterval(() => {
    if (!wroteSinceTick && !raw.writableNeedDrain && !raw.writableEnded) raw.write(': ping\n\n');
    wroteSinceTick = false;
  }, options.heartbeatMs ?? SSE_HEARTBEAT_MS);
  heartbeat.unref();

  const onClose = () => {
    clearInterval(heartbeat);
    controller.abort();
  };
  raw.once('close', onClose);
  // The client may have gone before we got here (its 'close' already fired).
  if (raw.destroyed) onClose();

  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        raw.off('drain', done);
        raw.off('close', done);
        resolve();
      };
      raw.on('drain', done);
      raw.on('close', done);
    });

  return {
    signal: controller.signal,
    send(id, event, data) {
      if (controller.signal.aborted || raw.writableEnded) return null;
      wroteSinceTick = true;
      // `message` is SSE's default event name: the line would only add bytes to every delta. The space after
      // a field's colon is optional in SSE (readers drop one if present), so it is left out: two bytes a
      // frame, which is what keeps a streamed reply within 4x its own size
      // (docs/decisions.md, "No space after the colon").
      const frame =
        event === 'message' ? `id:${id}\ndata:${data}\n\n` : `id:${id}\nevent:${event}\ndata:${data}\n\n`;
      return raw.write(frame) ? null : drained();
    },
    end() {
      clearInterval(heartbeat);
      if (!raw.writableEnded) raw.end();
    },
  };
}
