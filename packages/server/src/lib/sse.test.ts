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

  it('writes the headers and frames message and error events', async () => {
    const url = await serve((sse) => {
      sse.send('1', 'message', '{"text":"a\\nb","messageId":"m"}');
      sse.send('2', 'error', '{"text":"{\\"type\\":\\"invalid_api_key\\"}"}');
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
      'id: 1\nevent: message\ndata: {"text":"a\\nb","messageId":"m"}\n\n' +
        'id: 2\nevent: error\ndata: {"text":"{\\"type\\":\\"invalid_api_key\\"}"}\n\n',
    );
  });

  it('sends a ping comment only after a whole idle heartbeat period', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let stream: SseStream | null = null;
    const url = await serve((sse) => {
      stream = sse;
      sse.send('1', 'message', '{}');
    });
    const frames = sseReader((await fetch(`${url}/s`)).body!);
    expect(await frames.next()).toMatchObject({ id: '1' });
    vi.advanceTimersByTime(15_000); // a frame went out in this period: no ping
    stream!.send('2', 'message', '{}');
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
      sse.send('1', 'message', '{}');
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
    // Not reading for a while: the server must stop and wait rather than queue all 300 frames in memory.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stats.sent).toBeLessThan(total);
    expect(stats.stalls).toBeGreaterThan(0);
    const frames = await sseReader(response.body!).rest();
    expect(frames).toHaveLength(total);
    expect(frames.every((frame, i) => frame.id === String(i) && frame.data === frameData)).toBe(true);
  });
});
