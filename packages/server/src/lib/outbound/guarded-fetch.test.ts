import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGuardedFetch, OutboundRefusedError } from './guarded-fetch';

/** An HTTP listener that records every connection it receives and answers with `handler`. */
async function listener(host: string, handler: (res: ServerResponse) => void = (res) => res.end('{}')) {
  const connections: string[] = [];
  const server: Server = createServer((_req, res) => handler(res));
  server.on('connection', (socket) => connections.push(socket.remoteAddress ?? '?'));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  opened.push(server);
  return { port, connections };
}

const opened: Server[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Simulated DNS: every name answers the given addresses. */
const resolvesTo =
  (...addresses: string[]) =>
  () =>
    Promise.resolve(addresses);

describe('createGuardedFetch', () => {
  it.each([
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/v1/models`,
    (port: number) => `http://[::ffff:7f00:1]:${port}/v1/models`,
    (port: number) => `http://127.0.0.1:${port}/v1/models`,
    (port: number) => `http://0x7f000001:${port}/v1/models`,
    (port: number) => `http://localhost:${port}/v1/models`,
  ])('refuses %s and the listener receives nothing', async (url) => {
    const local = await listener('127.0.0.1');
    const guarded = createGuardedFetch();
    await expect(guarded(url(local.port))).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(local.connections).toEqual([]);
  });

  it('refuses a public-looking name that resolves to loopback, checked at connect time', async () => {
    const local = await listener('127.0.0.1');
    const guarded = createGuardedFetch({ resolve: resolvesTo('127.0.0.1') });
    await expect(guarded(`http://api.example.com:${local.port}/v1/models`)).rejects.toThrow(
      /api\.example\.com resolves to a loopback address/,
    );
    expect(local.connections).toEqual([]);
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const local = await listener('127.0.0.1');
    const guarded = createGuardedFetch({ resolve: resolvesTo('93.184.215.14', '10.0.0.7') });
    await expect(guarded(`http://api.example.com:${local.port}/`)).rejects.toThrow(/private address/);
    expect(local.connections).toEqual([]);
  });

  it('refuses metadata names before resolving them', async () => {
    let asked = false;
    const guarded = createGuardedFetch({
      resolve: () => {
        asked = true;
        return Promise.resolve(['8.8.8.8']);
      },
    });
    await expect(guarded('http://metadata.google.internal/computeMetadata/v1/')).rejects.toThrow(/metadata/);
    expect(asked).toBe(false);
  });

  it('connects to the address it checked, in an allowed range', async () => {
    const upstream = await listener('127.0.0.2', (res) => res.end('{"data":[]}'));
    const guarded = createGuardedFetch({ allowedRanges: ['127.0.0.2/32'], resolve: resolvesTo('127.0.0.2') });
    const res = await guarded(`http://models.example.com:${upstream.port}/v1/models`);
    expect(await res.json()).toEqual({ data: [] });
    expect(upstream.connections).toHaveLength(1);
  });

  it('tries each checked address in turn, as a plain connection would', async () => {
    const upstream = await listener('127.0.0.2', (res) => res.end('{"data":[]}'));
    // Nothing listens on 127.0.0.3: the connection falls through to the next checked address.
    const guarded = createGuardedFetch({
      allowedRanges: ['127.0.0.0/8'],
      resolve: resolvesTo('127.0.0.3', '127.0.0.2'),
    });
    const res = await guarded(`http://models.example.com:${upstream.port}/v1/models`);
    expect(res.status).toBe(200);
    expect(upstream.connections).toHaveLength(1);
  });

  it('does not follow a redirect from an allowed upstream to 127.0.0.1', async () => {
    const local = await listener('127.0.0.1');
    const upstream = await listener('127.0.0.2', (res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${local.port}/steal` }).end();
    });
    const guarded = createGuardedFetch({ allowedRanges: ['127.0.0.2'] });
    await expect(guarded(`http://127.0.0.2:${upstream.port}/v1/chat/completions`)).rejects.toThrow(
      /redirect \(307\)/,
    );
    expect(upstream.connections).toHaveLength(1);
    expect(local.connections).toEqual([]);
  });

  it("hands a caller that asked for redirect: 'manual' the redirect's status and location only", async () => {
    const local = await listener('127.0.0.1');
    const upstream = await listener('127.0.0.2', (res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${local.port}/steal`, 'set-cookie': 'a=b' });
      res.end('moved');
    });
    const guarded = createGuardedFetch({ allowedRanges: ['127.0.0.2'] });
    const res = await guarded(`http://127.0.0.2:${upstream.port}/page`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`http://127.0.0.1:${local.port}/steal`);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.text()).toBe('');
    expect(local.connections).toEqual([]);
  });

  it("withholds an error answer's text, keeping its status and code words, and reports it", async () => {
    const upstream = await listener('127.0.0.2', (res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { message: 'internal-admin-panel v1.2 secret', code: 'invalid_api_key' } }),
      );
    });
    const reported: { status: number; body: string }[] = [];
    const guarded = createGuardedFetch({
      allowedRanges: ['127.0.0.2'],
      onUpstreamError: (detail) => reported.push(detail),
    });
    const res = await guarded(`http://127.0.0.2:${upstream.port}/v1/chat/completions`, { method: 'POST' });
    expect(res.status).toBe(401);
    const text = await res.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toEqual({
      error: { message: 'The endpoint answered HTTP 401', code: 'invalid_api_key' },
    });
    expect(reported[0]).toMatchObject({ status: 401, body: expect.stringContaining('secret') as string });
  });
});
