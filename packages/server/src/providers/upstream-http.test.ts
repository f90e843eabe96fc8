import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { bufferedFetch, requestUpstream, streamingFetch } from './upstream-http';

let server: http.Server | undefined;
afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

async function listen(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function readAll(body: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of body) text += chunk;
  return text;
}

describe('requestUpstream', () => {
  it('sends the body and headers, with the ones fetch adds, and reads the answer as text', async () => {
    let seen: { method?: string; headers?: http.IncomingHttpHeaders; body?: string } = {};
    const base = await listen((req, res) => {
      let body = '';
      req.setEncoding('utf8').on('data', (c: string) => (body += c));
      req.on('end', () => {
        seen = { method: req.method, headers: req.headers, body };
        res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'r1' });
        res.end('data: 世界\n\n');
      });
    });
    const answer = await requestUpstream(`${base}/v1/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', authorization: 'Bearer k' },
      body: '{"q":"é"}',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe('r1');
    expect(await readAll(answer.body)).toBe('data: 世界\n\n');
    expect(seen.method).toBe('POST');
    expect(seen.body).toBe('{"q":"é"}');
    expect(seen.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer k',
      'content-length': String(Buffer.byteLength('{"q":"é"}')),
      accept: '*/*',
      'accept-encoding': 'gzip, deflate',
    });
  });

  it('decompresses a gzip answer, as fetch would', async () => {
    const base = await listen((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(gzipSync('data: zipped\n\n'));
    });
    expect(await readAll((await requestUpstream(base)).body)).toBe('data: zipped\n\n');
  });

  it('keeps the connection for the next request', async () => {
    const sockets = new Set<unknown>();
    const base = await listen((req, res) => {
      sockets.add(req.socket);
      res.end('ok');
    });
    for (let i = 0; i < 3; i += 1) expect(await readAll((await requestUpstream(base)).body)).toBe('ok');
    expect(sockets.size).toBe(1);
  });

  it('sends once more, on a new connection, when the server closed the kept-alive one it was sent on', async () => {
    let first: unknown;
    let requests = 0;
    const base = await listen((req, res) => {
      requests += 1;
      if (first === undefined) {
        first = req.socket;
        res.end('one');
      } else if (req.socket === first) {
        req.socket.destroy(); // the server dropped the idle connection as the request arrived
      } else {
        res.end('two');
      }
    });
    expect(await readAll((await requestUpstream(base)).body)).toBe('one');
    expect(await readAll((await requestUpstream(base, { method: 'POST', body: 'x' })).body)).toBe('two');
    expect(requests).toBe(3);
  });

  it('does not send again when a new connection is reset', async () => {
    let requests = 0;
    const base = await listen((req) => {
      requests += 1;
      req.socket.destroy();
    });
    const failure = await requestUpstream(base, { method: 'POST', body: 'x' }).catch(
      (error: unknown) => error,
    );
    expect((failure as TypeError).message).toBe('fetch failed');
    expect(((failure as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNRESET');
    expect(requests).toBe(1);
  });

  it('a refused connection fails as fetch does: TypeError "fetch failed" with the cause', async () => {
    const base = await listen(() => {});
    // Closed, and known to be closed: nothing listens on the port any more.
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    const failure = await requestUpstream(base).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe('fetch failed');
    expect(((failure as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });

  it('a body cut short fails the read with TypeError "terminated"', async () => {
    const base = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: one\n\n', () => setTimeout(() => res.socket?.destroy(), 20));
    });
    const answer = await requestUpstream(base);
    const chunks: string[] = [];
    const failure = await (async () => {
      for await (const chunk of answer.body) chunks.push(chunk);
    })().catch((error: unknown) => error);
    expect(chunks.join('')).toBe('data: one\n\n');
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe('terminated');
  });

  it('an abort before the answer rejects with the signal reason and closes the connection', async () => {
    let closed = false;
    let received: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (received = resolve));
    const base = await listen((req) => {
      req.socket.on('close', () => (closed = true));
      received();
    });
    const controller = new AbortController();
    const pending = requestUpstream(base, { signal: controller.signal });
    // Aborted once the upstream has the request and before it answers (it never does).
    await arrived;
    controller.abort();
    const failure = await pending.catch((error: unknown) => error);
    expect((failure as Error).name).toBe('AbortError');
    await expect.poll(() => closed).toBe(true);
  });

  it('an abort while the body streams ends the read with the reason and closes the connection', async () => {
    let closed = false;
    const base = await listen((req, res) => {
      req.socket.on('close', () => (closed = true));
      res.writeHead(200);
      res.write('data: first\n\n');
    });
    const controller = new AbortController();
    const answer = await requestUpstream(base, { signal: controller.signal });
    const reason = new Error('the user stopped it');
    const failure = await (async () => {
      for await (const _chunk of answer.body) controller.abort(reason);
    })().catch((error: unknown) => error);
    expect(failure).toBe(reason);
    await expect.poll(() => closed).toBe(true);
  });

  it('an abort after the answer began but before its body is read fails the later read, and nothing throws meanwhile', async () => {
    const base = await listen((_req, res) => {
      res.writeHead(200);
      res.write('data: first\n\n');
    });
    const controller = new AbortController();
    const answer = await requestUpstream(base, { signal: controller.signal });
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const failure = await (async () => {
      for await (const _chunk of answer.body) {
        // nothing is expected
      }
    })().catch((error: unknown) => error);
    expect((failure as Error).name).toBe('AbortError');
  });

  it('refuses a body that is not text (the caller then uses fetch)', async () => {
    await expect(requestUpstream('http://127.0.0.1:1/', { body: new Uint8Array([1]) })).rejects.toThrow(
      'Only text request bodies are sent this way',
    );
  });
});

describe('bufferedFetch', () => {
  it('answers a Response with the whole body, its status and headers, errors included', async () => {
    const base = await listen((req, res) => {
      if (req.url === '/busy') {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' });
        res.end('{"error":{"message":"slow down"}}');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"choices":[{"message":{"content":"标题"}}]}');
      }
    });
    const ok = await bufferedFetch(`${base}/v1/chat/completions`, { method: 'POST', body: '{}' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ choices: [{ message: { content: '标题' } }] });
    const busy = await bufferedFetch(`${base}/busy`);
    expect([busy.status, busy.headers.get('retry-after'), await busy.text()]).toEqual([
      429,
      '3',
      '{"error":{"message":"slow down"}}',
    ]);
  });
});

describe('streamingFetch', () => {
  it('answers once the headers arrive, and streams the body as it comes', async () => {
    let finish: () => void = () => {};
    const base = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'r2' });
      res.write('data: 你好\n\n');
      finish = () => res.end('data: [DONE]\n\n');
    });
    const res = await streamingFetch(`${base}/v1/chat/completions`, { method: 'POST', body: '{}' });
    expect([res.status, res.headers.get('x-request-id')]).toEqual([200, 'r2']);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    // The first chunk is read while the upstream still holds the rest.
    expect((await reader.read()).value).toBe('data: 你好\n\n');
    finish();
    expect((await reader.read()).value).toBe('data: [DONE]\n\n');
    expect((await reader.read()).done).toBe(true);
  });

  it('sends once more, on a new connection, when the server closed the kept-alive one it was sent on', async () => {
    let first: unknown;
    let requests = 0;
    const base = await listen((req, res) => {
      requests += 1;
      if (first === undefined) {
        first = req.socket;
        res.end('one');
      } else if (req.socket === first) {
        req.socket.destroy(); // the server dropped the idle connection as the request arrived
      } else {
        res.end('two');
      }
    });
    expect(await (await streamingFetch(base)).text()).toBe('one');
    expect(await (await streamingFetch(base, { method: 'POST', body: 'x' })).text()).toBe('two');
    expect(requests).toBe(3);
  });

  it('answers an error status as a Response, and an abort while the body streams closes the connection', async () => {
    let closed = false;
    const base = await listen((req, res) => {
      if (req.url === '/busy') return void res.writeHead(429, { 'retry-after': '3' }).end('slow down');
      req.socket.on('close', () => (closed = true));
      res.writeHead(200);
      res.write('data: first\n\n');
    });
    const busy = await streamingFetch(`${base}/busy`);
    expect([busy.status, busy.headers.get('retry-after'), await busy.text()]).toEqual([
      429,
      '3',
      'slow down',
    ]);
    const controller = new AbortController();
    const reason = new Error('the user stopped it');
    const res = await streamingFetch(base, { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort(reason);
    await expect(reader.read()).rejects.toBe(reason);
    await expect.poll(() => closed).toBe(true);
  });
});
