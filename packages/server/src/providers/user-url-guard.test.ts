import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { streamText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../lib/outbound/guarded-fetch';
import { customEndpoint, providersConfig } from './provider-config.test-helpers';
import { createProviderRegistry } from './registry';
import { DEFAULT_NETWORK_SETTINGS } from '../config/network-settings';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** An OpenAI-style server that answers 200 with one text delta and then an error frame in the stream. */
async function erringStream(host: string) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const delta = {
      id: 'c',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'm',
      choices: [{ index: 0, delta: { content: 'Hi' } }],
    };
    res.write(`data: ${JSON.stringify(delta)}\n\n`);
    res.end(
      `data: ${JSON.stringify({ error: { message: 'redis at 10.9.8.7:6379 refused AUTH', type: 'server_error' } })}\n\n`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

/** An OpenAI-style server that records each request and answers `status` with `body`. */
async function upstream(host: string, status = 500, body = { error: { message: 'db at 10.1.2.3 is down' } }) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  server.on('connection', () => requests.push('connect'));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, requests };
}

const config = providersConfig({}, [
  customEndpoint({
    apiKey: 'user_provided',
    baseURL: 'user_provided',
    models: { default: ['m'], fetch: true },
  }),
]);

/** What a turn on the user-URL endpoint fails with, mapped as the user would see it. */
async function failure(registry: ReturnType<typeof createProviderRegistry>, baseURL: string) {
  let caught: unknown;
  const result = streamText({
    model: await registry.languageModel('Mistral', 'm', { apiKey: 'users-key', baseURL }),
    prompt: 'hi',
    maxRetries: 0,
    onError: ({ error }) => {
      caught = error;
    },
  });
  await result.consumeStream();
  return registry.mapProviderError(caught);
}

describe('user-given base URLs through the registry', () => {
  it('never reach a host name that resolves to loopback, for replies and model lists', async () => {
    const local = await upstream('127.0.0.1');
    // The machine's own name, which commonly resolves to loopback; the guard is told so in any case.
    const host = hostname();
    const registry = createProviderRegistry(config, {
      userURLFetch: createGuardedFetch({ resolve: () => Promise.resolve(['127.0.0.1']) }),
    });
    const baseURL = `http://${host}:${local.port}/v1`;
    expect(await failure(registry, baseURL)).toEqual({
      code: 'upstream_error',
      message: `${host} resolves to a loopback address, which user-given URLs may not reach`,
    });
    expect(await registry.listModels('Mistral', { userId: 'u', apiKey: 'k', baseURL })).toEqual(['m']);
    expect(local.requests).toEqual([]);
  });

  it('are refused at once when they name a loopback address in IPv4-mapped form', async () => {
    const local = await upstream('127.0.0.1');
    const registry = createProviderRegistry(config);
    await expect(async () =>
      registry.languageModel('Mistral', 'm', {
        apiKey: 'k',
        baseURL: `http://[::ffff:127.0.0.1]:${local.port}/v1`,
      }),
    ).rejects.toThrow('must be a public http(s) address; it is a loopback address');
    expect(local.requests).toEqual([]);
  });

  it("show the user a mapped message, never an allowed upstream's error text", async () => {
    const allowed = await upstream('127.0.0.2');
    const registry = createProviderRegistry({
      ...config,
      network: {
        requestTimeoutMs: 1000,
        headersTimeoutMs: 1000,
        keepAliveTimeoutMs: 1000,
        userURLAllowedRanges: ['127.0.0.2/32'],
      },
    });
    const mapped = await failure(registry, `http://127.0.0.2:${allowed.port}/v1`);
    expect(allowed.requests).toContain('POST /v1/chat/completions');
    expect(mapped).toMatchObject({ code: 'upstream_error', status: 500 });
    expect(JSON.stringify(mapped)).not.toContain('10.1.2.3');
  });

  it('withhold the text of an error frame a user-given endpoint sends in a 200 stream', async () => {
    const port = await erringStream('127.0.0.2');
    const allowing = (userURLAllowedRanges: string[]) =>
      createProviderRegistry({ ...config, network: { ...DEFAULT_NETWORK_SETTINGS, userURLAllowedRanges } });
    const failureOf = async (registry: ReturnType<typeof createProviderRegistry>, endpoint: string) => {
      const streamer = registry.replyStreamer(endpoint, 'm', {
        apiKey: 'k',
        baseURL: `http://127.0.0.2:${port}/v1`,
      });
      const call = {
        prompt: registry.buildPrompt(endpoint, { history: [{ role: 'user' as const, content: 'hi' }] }),
        settings: registry.callSettings(endpoint, {}),
        signal: new AbortController().signal,
      };
      const texts: string[] = [];
      try {
        for await (const part of streamer(call)) if (part.type === 'text') texts.push(part.text);
      } catch (error) {
        return { texts, mapped: registry.mapProviderError(error) };
      }
      throw new Error('the stream did not fail');
    };
    const { texts, mapped } = await failureOf(allowing(['127.0.0.2']), 'Mistral');
    expect(texts).toEqual(['Hi']);
    expect(mapped).toEqual({ code: 'upstream_error', message: 'The endpoint reported an error' });
  });
});
