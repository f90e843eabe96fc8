import { APICallError } from '@ai-sdk/provider';
import WebSocket from 'ws';

/**
 * SignalR's JSON hub protocol over a websocket, as far as bingAI's ChatHub uses it (bing-chathub.ts): records are
 * JSON texts ending in the record separator `\x1e`; the client opens with `{"protocol":"json","version":1}` and the
 * hub answers an empty record. Records come back in order through `records()`, which ends when the socket closes.
 */

const RS = '\x1e';

export interface Hub {
  url: string;
  send(record: Record<string, unknown>): void;
  records(): AsyncGenerator<Record<string, unknown>>;
  close(): void;
}

/**
 * Connects to a hub and completes SignalR's handshake. The signal (Stop) closes it; a hub silent for `idleMs` fails
 * the read with ETIMEDOUT, and `idleMs` bounds the connection's handshake too.
 */
export async function openSignalRHub(
  url: string,
  { headers, signal, idleMs }: { headers: Record<string, string>; signal: AbortSignal; idleMs: number },
): Promise<Hub> {
  const socket = new WebSocket(url, { headers, handshakeTimeout: idleMs });
  const queue: Record<string, unknown>[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  let failure: unknown = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  // A service that goes quiet fails the reply instead of holding it (and its slot) forever.
  let idle: ReturnType<typeof setTimeout> | null = null;
  const quiet = () => {
    failure ??= Object.assign(new Error('The service stopped answering'), { code: 'ETIMEDOUT' });
    socket.terminate();
  };
  const rearm = () => {
    if (idle) clearTimeout(idle);
    idle = setTimeout(quiet, idleMs);
  };
  socket.on('message', (data: WebSocket.RawData) => {
    rearm();
    for (const part of data.toString().split(RS)) {
      if (!part) continue;
      try {
        queue.push(JSON.parse(part) as Record<string, unknown>);
      } catch {
        // Not a record: skipped.
      }
    }
    notify();
  });
  socket.on('close', () => {
    closed = true;
    if (idle) clearTimeout(idle);
    notify();
  });
  socket.on('error', (error) => {
    failure ??= error;
    closed = true;
    notify();
  });
  const onAbort = () => socket.terminate();
  signal.addEventListener('abort', onAbort, { once: true });

  const next = async (): Promise<Record<string, unknown> | null> => {
    while (queue.length === 0) {
      if (closed) return null;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    return queue.shift()!;
  };

  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
    socket.once('unexpected-response', (_req, res) => {
      reject(
        new APICallError({
          message: `HTTP ${res.statusCode}`,
          url,
          requestBodyValues: {},
          statusCode: res.statusCode,
        }),
      );
    });
  }).catch((error: unknown) => {
    signal.removeEventListener('abort', onAbort);
    socket.terminate();
    throw signal.aborted ? signal.reason : error;
  });
  rearm();
  socket.send(`${JSON.stringify({ protocol: 'json', version: 1 })}${RS}`);
  const handshake = await next();
  if (!handshake || Object.keys(handshake).length > 0) {
    socket.terminate();
    throw new TypeError('fetch failed', { cause: new Error('The ChatHub did not complete its handshake') });
  }
  return {
    url,
    send: (record) => socket.send(`${JSON.stringify(record)}${RS}`),
    async *records() {
      for (;;) {
        const record = await next();
        if (!record) {
          if (failure && !signal.aborted) throw new TypeError('terminated', { cause: failure });
          return;
        }
        yield record;
      }
    },
    close: () => {
      if (idle) clearTimeout(idle);
      signal.removeEventListener('abort', onAbort);
      if (socket.readyState !== WebSocket.CLOSED) socket.close();
    },
  };
}
