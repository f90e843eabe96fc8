import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API, NIL_UUID } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { DEFAULT_NETWORK_SETTINGS } from '../../config/network-settings';
import { putKey } from '../keys/keys.test-helpers';
import { ask, type ChatApp } from './chat.test-helpers';
import { newKey, newUser } from '../../../test/factories.test-helpers';

/** A listener that records every connection and answers with `handler`. */
async function listener(host: string, handler: (res: ServerResponse) => void) {
  const connections: number[] = [];
  const server: Server = createServer((_req, res) => handler(res));
  server.on('connection', () => connections.push(Date.now()));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, connections };
}

const YAML = {
  version: '1.0.3',
  endpoints: {
    custom: [{ name: 'Mine', apiKey: 'user_provided', baseURL: 'user_provided', models: { default: ['m'] } }],
  },
};
const SECRET = 'pg_hba.conf rejects 10.20.30.40';
const fresh = { parentMessageId: NIL_UUID, conversationId: null, model: 'm' };

describe.each(testDialects())('asking through a user-given base URL on %s', (dialect) => {
  let app: ChatApp;
  let local: Awaited<ReturnType<typeof listener>>;
  let failing: Awaited<ReturnType<typeof listener>>;
  let redirecting: Awaited<ReturnType<typeof listener>>;

  beforeAll(async () => {
    local = await listener('127.0.0.1', (res) => res.end('{}'));
    // Upstreams the operator allows (USER_URL_ALLOWED_RANGES=127.0.0.2/32); 127.0.0.1 stays refused.
    failing = await listener('127.0.0.2', (res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: SECRET, type: 'server_error' } }));
    });
    redirecting = await listener('127.0.0.2', (res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${local.port}/v1/chat/completions` }).end();
    });
    const test = await buildTestApp(dialect, {
      yaml: YAML,
      network: { ...DEFAULT_NETWORK_SETTINGS, userURLAllowedRanges: ['127.0.0.2/32'] },
    });
    const base = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const { token, user } = await newUser(test.app);
    app = { ...test, base, token, userId: user.id };
  });
  afterAll(async () => {
    await app.close();
    for (const l of [local, failing, redirecting]) l.server.close();
  });

  const askWith = async (baseURL: string) => {
    const saved = await putKey(app.app, app.token, {
      name: 'Mine',
      value: JSON.stringify({ apiKey: 'sk-user', baseURL }),
    });
    expect(saved.statusCode).toBeLessThan(300);
    return ask(app, 'Mine', { ...fresh, text: 'hello' });
  };

  it.each([
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/v1`,
    (port: number) => `http://[::ffff:7f00:1]:${port}/v1`,
    (port: number) => `http://localhost:${port}/v1`,
  ])(
    'refuses %s when saved, and when sent with a key saved before, and the local service hears nothing',
    async (url) => {
      const baseURL = url(local.port);
      const value = JSON.stringify({ apiKey: 'sk-user', baseURL });
      const refused = await putKey(app.app, app.token, { name: 'Mine', value });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: 'baseURL must be a public address; it is a loopback address',
      });
      // A key saved while the operator still allowed loopback.
      const earlier = testConfig({
        yaml: YAML,
        network: { ...DEFAULT_NETWORK_SETTINGS, userURLAllowedRanges: ['127.0.0.0/8'] },
      });
      await newKey({ config: earlier, database: app.database, redis: null }, app.userId, {
        name: 'Mine',
        value,
      });
      const res = await ask(app, 'Mine', { ...fresh, text: 'hello' });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({
        code: 'VALIDATION',
        field: 'baseURL',
        message: 'The base URL of Mine must be a public http(s) address; it is a loopback address',
      });
      expect(local.connections).toEqual([]);
    },
  );

  it('does not follow an allowed upstream redirecting to 127.0.0.1', async () => {
    const res = await askWith(`http://127.0.0.2:${redirecting.port}/v1`);
    expect(res.status).toBe(200);
    expect(redirecting.connections.length).toBeGreaterThan(0);
    expect(JSON.parse(res.events.error!.text)).toEqual({
      type: 'upstream_error',
      message: `127.0.0.2:${redirecting.port} answered with a redirect (307), which is not followed`,
    });
    expect(local.connections).toEqual([]);
  });

  it("answers an upstream failure in the app's terms, without the upstream's text", async () => {
    const res = await askWith(`http://127.0.0.2:${failing.port}/v1`);
    expect(res.status).toBe(200);
    expect(failing.connections.length).toBeGreaterThan(0);
    const error = JSON.parse(res.events.error!.text) as Record<string, unknown>;
    expect(error).toEqual({ type: 'upstream_error', status: 500, message: 'The endpoint answered HTTP 500' });
    expect(JSON.stringify(res.events.frames)).not.toContain('10.20.30.40');
    const messages = await app.app.inject({
      method: 'GET',
      url: `${API.convos}?pageNumber=1`,
      headers: { authorization: `Bearer ${app.token}` },
    });
    expect(messages.body).not.toContain('10.20.30.40');
  });
});
