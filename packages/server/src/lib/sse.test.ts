import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSseStream } from './sse';
import type { SseStream } from './sse';
import { listen, sseReader } from './sse.test-helpers';

describe('SSE writer', () => {
  let server: Awaited<ReturnType<typeof listen>> | null = null;
  afterEach(async () => {
    vi.useRealTimers();
    await server?.close();
    server = null;
  });

  /** Serves GET /s with an open stream handed to `onOpen`. */
  const serve = async (onOpen: (sse: SseStream) => void | Promise<void>) => {
    server = await listen((app) => {
      app.get('/s', async (_request, reply) => {
        reply.header('x-kept', 'yes');
        await onOpen(openSseStream(reply));
      });
    });
    return server.url;
  };

  it('writes the headers and frames message events (no event line: the default) and error events', async () => {
    const url = await serve((sse) => {
      void sse.send('1', 'message', '{"text":"a\\nb","messageId":"m"}');
      void sse.send('2', 'error', '{"text":"{\\"type\\":\\"invalid_api_key\\"}"}');
      sse.end();
    });
    const response = await fetch(`${url}/s`);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-kept': 'yes',
    });
    expect(await response.text()).toBe(
      'id:1\ndata:{"text":"a\\nb","messageId":"m"}\n\n' +
        'id:2\nevent:error\ndata:{"text":"{\\"type\\":\\"invalid_api_key\\"}"}\n\n',
    );
  });

  // Node's http response corks its socket per tick; the relay relies on it (one write per client per tick).
  it('writes the frames of one tick to the socket in one write', async () => {
    const writes: number[] = [];
    server = await listen((app) => {
      app.get('/s', async (_request, reply) => {
        const socket = reply.raw.socket!;
        const write = socket._write.bind(socket);
        const writev = socket._writev!.bind(socket);
        socket._write = (chunk, encoding, callback) => (writes.push(1), write(chunk, encoding, callback));
        socket._writev = (chunks, callback) => (writes.push(chunks.length), writev(chunks, callback));
        // The next turn of the event loop: the writes of this one have reached the socket (it uncorks on nextTick).
        const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
        const sse = openSseStream(reply);
        await nextTurn();
        writes.length = 0; // the headers
        for (let i = 1; i <= 5; i++) void sse.send(String(i), 'message', `{"text":"${i}"}`);
        await nextTurn();
        void sse.send('6', 'message', '{"text":"6"}');
        await nextTurn();
        expect(writes).toHaveLength(2);
        sse.end();
      });
    });
    const frames = await sseReader((await fetch(`${server.url}/s`)).body!).rest();
    expect(frames.map((frame) => frame.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(writes.length).toBeGreaterThanOrEqual(2);
  });

  it('sends a ping comment only after a whole idle heartbeat period', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let stream: SseStream | null = null;
    const url = await serve((sse) => {
      stream = sse;
      void sse.send('1', 'message', '{}');
    });
    const frames = sseReader((await fetch(`${url}/s`)).body!);
    expect(await frames.next()).toMatchObject({ id: '1' });
    vi.advanceTimersByTime(15_000); // a frame went out in this period: no ping
    void stream!.send('2', 'message', '{}');
    expect(await frames.next()).toMatchObject({ id: '2' });
    vi.advanceTimersByTime(15_000); // frame 2 was in this period
    vi.advanceTimersByTime(15_000); // idle period
    expect(await frames.next()).toEqual({ comment: 'ping' });
    stream!.end();
    expect(await frames.next()).toBeNull();
  });

  it('notices a client that leaves', async () => {
    let stream: SseStream | null = null;
    const url = await serve((sse) => {
      stream = sse;
      void sse.send('1', 'message', '{}');
    });
    const controller = new AbortController();
    const frames = sseReader((await fetch(`${url}/s`, { signal: controller.signal })).body!);
    await frames.next();
    expect(stream!.signal.aborted).toBe(false);
    controller.abort();
    await expect.poll(() => stream!.signal.aborted).toBe(true);
    expect(stream!.send('2', 'message', '{}')).toBeNull();
  });

  it('waits for drain when a slow client lets the socket buffer fill, and loses nothing', async () => {
    const frameData = JSON.stringify({ text: 'x'.repeat(64 * 1024) });
    const total = 300; // ~19 MB: more than loopback socket buffers hold
    const stats = { stalls: 0, sent: 0 };
    const url = await serve(async (sse) => {
      for (let i = 0; i < total; i++) {
        const drained = sse.send(String(i), 'message', frameData);
        stats.sent++;
        if (drained) {
          stats.stalls++;
          await drained;
        }
      }
      sse.end();
    });
    const response = await fetch(`${url}/s`);
    // Not reading: the server must stop and wait rather than queue all 300 frames in memory.
    await expect.poll(() => stats.stalls).toBeGreaterThan(0);
    expect(stats.sent).toBeLessThan(total);
    const frames = await sseReader(response.body!).rest();
    expect(frames).toHaveLength(total);
    expect(frames.every((frame, i) => frame.id === String(i) && frame.data === frameData)).toBe(true);
  });
});
