import { connect } from 'node:net';
import { startSim, type Sim } from '@parley/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIL_UUID } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../test/app.test-helpers';
import { ask, sim as script, simProviders, type ChatApp } from '../features/chat/chat.test-helpers';
import { newUser } from '../../test/factories.test-helpers';

const REQUEST_TIMEOUT_MS = 600;

/** Writes `chunks` to the server, then reads until it closes; answers what came back and when. */
function raw(base: string, chunks: string[]): Promise<{ text: string; ms: number }> {
  const { hostname, port } = new URL(base);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      for (const chunk of chunks) socket.write(chunk);
    });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (text += d));
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no close in 10 s; got ${text.slice(0, 200)}`)));
  });
}

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
const bodyOf = (text: string) =>
  JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

let simulator: Sim;
let app: ChatApp;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
  const test: TestApp = await buildTestApp('sqlite', {
    providers: simProviders(simulator),
    network: {
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      headersTimeoutMs: 400,
      keepAliveTimeoutMs: 5_000,
      userURLAllowedRanges: [],
    },
  });
  const base = await test.app.listen({ port: 0, host: '127.0.0.1' });
  const { token, user } = await newUser(test.app);
  app = { ...test, base, token, userId: user.id };
});
afterAll(async () => {
  await app.close();
  await simulator.close();
});

describe('request timeouts', () => {
  it('answers 408 in the app shape to a body that never finishes, and closes', async () => {
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { text, ms } = await raw(app.base, [head, '{"email":"']);
    expect(statusOf(text)).toBe(408);
    expect(bodyOf(text)).toEqual({ code: 'VALIDATION', message: 'The request did not arrive in time' });
    // The timer is checked every timeout/4, so the answer comes between 1x and about 1.5x the timeout.
    expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS * 3);
  });

  it('answers 408 to headers that never finish', async () => {
    const { text, ms } = await raw(app.base, ['GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: a']);
    expect(statusOf(text)).toBe(408);
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS * 3);
  });

  it('never cuts a reply that streams longer than the timeout once the request has arrived', async () => {
    const started = Date.now();
    const res = await ask(app, 'openAI', {
      parentMessageId: NIL_UUID,
      conversationId: null,
      text: `Hi ${script({ tokens: 12, rate: 8 })}`,
    });
    expect(Date.now() - started).toBeGreaterThan(REQUEST_TIMEOUT_MS * 2);
    expect(res.events.error).toBeUndefined();
    expect(res.events.final?.responseMessage.text).toBe(
      Array.from({ length: 12 }, (_, i) => `tok${i + 1} `).join(''),
    );
  });
});

describe("errors raised before a route answer in the app's shape", () => {
  it('431 for oversized headers', async () => {
    const { text } = await raw(app.base, [
      `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ]);
    expect(statusOf(text)).toBe(431);
    expect(bodyOf(text)).toEqual({ code: 'VALIDATION', message: 'The request headers are too large' });
  });

  it('414 for an oversized URL', async () => {
    const { text } = await raw(app.base, [`GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`]);
    expect(statusOf(text)).toBe(414);
    expect(bodyOf(text)).toEqual({ code: 'VALIDATION', message: 'The URL is too long' });
  });

  it('400 for what is not HTTP', async () => {
    const { text } = await raw(app.base, ['HELLO THERE\r\n\r\n']);
    expect(statusOf(text)).toBe(400);
    expect(bodyOf(text)).toEqual({ code: 'VALIDATION', message: 'The request is not valid HTTP' });
  });

  it.each([
    [
      'a malformed JSON body',
      { method: 'POST', url: '/api/auth/login', payload: '{"email":', json: true },
      400,
      'VALIDATION',
    ],
    [
      'a body over the limit',
      { method: 'POST', url: '/api/auth/login', payload: `"${'a'.repeat(2 * 1024 * 1024)}"`, json: true },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      // Not a sign-in route: those refuse any body but JSON before parsing (docs/reference/accounts.md (Hardening)).
      'an unsupported media type',
      { method: 'POST', url: '/api/presets', payload: '<a/>', type: 'text/xml' },
      415,
      'VALIDATION',
    ],
    ['an unknown API route', { method: 'GET', url: '/api/nope' }, 404, 'NOT_FOUND'],
    [
      'a path that is not valid percent-encoding',
      { method: 'GET', url: '/api/messages/%E0%A4%A' },
      400,
      'VALIDATION',
    ],
    [
      'an overlong path parameter',
      { method: 'GET', url: `/api/messages/${'a'.repeat(200)}` },
      414,
      'VALIDATION',
    ],
  ] as const)('%s', async (_what, request, status, code) => {
    const type = 'type' in request ? request.type : 'json' in request ? 'application/json' : undefined;
    const res = await app.app.inject({
      method: request.method,
      url: request.url,
      ...('payload' in request ? { payload: request.payload } : {}),
      ...(type ? { headers: { 'content-type': type } } : {}),
    });
    expect(res.statusCode).toBe(status);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body['code']).toBe(code);
    expect(typeof body['message']).toBe('string');
  });
});
