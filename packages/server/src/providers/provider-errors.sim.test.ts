import { createServer } from 'node:net';
import { streamText } from 'ai';
import { startSim, type Sim } from '@parley/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customEndpoint, providersConfig } from './provider-config.test-helpers';
import { createProviderRegistry, type ProviderRegistry } from './registry';

let sim: Sim;
let registry: ProviderRegistry;

/** A port nothing listens on (fetch refuses some low ports, like 9, before connecting; this one is refused by the OS). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const deadPort = await closedPort();
  sim = await startSim({ defaults: { rate: 0 }, models: { openai: ['sim-a', 'sim-b'] } });
  registry = createProviderRegistry(
    providersConfig(
      {
        openAI: { apiKey: 'sk', reverseProxy: `${sim.url}/v1` },
        azureOpenAI: { apiKey: 'az', deploymentName: 'dep', baseURL: `${sim.url}/openai` },
        anthropic: { apiKey: 'sk-ant', reverseProxy: sim.url },
        google: { apiKey: 'g', reverseProxy: sim.url },
      },
      [
        customEndpoint({
          baseURL: `${sim.url}/custom/v1`,
          models: { default: ['fallback'], fetch: true, userIdQuery: true },
        }),
        customEndpoint({
          name: 'Dead',
          baseURL: `http://127.0.0.1:${deadPort}/v1`,
          models: { default: ['dead-default'], fetch: true },
        }),
      ],
    ),
  );
});
afterAll(() => sim.close());

/** Sends a scripted error the way a chat turn streams (the fast path or the SDK) and answers the mapped code. */
async function mapped(endpoint: string, error: { status: number; kind: string }, more = {}) {
  return (await mappedFully(endpoint, { error, ...more })).code;
}

async function mappedFully(endpoint: string, script: Record<string, unknown>) {
  const stream = registry.replyStreamer(endpoint, 'm');
  try {
    const call = {
      prompt: { messages: [{ role: 'user' as const, content: `x [[sim ${JSON.stringify(script)}]]` }] },
      settings: {},
      signal: new AbortController().signal,
    };
    for await (const _part of stream(call)) {
      // The error comes before any text.
    }
  } catch (caught) {
    return registry.mapProviderError(caught);
  }
  throw new Error('no error');
}

/** The same through the AI SDK's streamText, as before the fast path: both must map alike. */
async function mappedBySdk(endpoint: string, script: Record<string, unknown>) {
  let caught: unknown;
  const result = streamText({
    model: await registry.languageModel(endpoint, 'm'),
    messages: [{ role: 'user', content: `x [[sim ${JSON.stringify(script)}]]` }],
    maxRetries: 0,
    onError: ({ error: e }) => {
      caught = e;
    },
  });
  await result.consumeStream();
  return registry.mapProviderError(caught);
}

describe('provider errors over HTTP', () => {
  it.each(['openAI', 'azureOpenAI', 'anthropic', 'google', 'Mistral'])(
    '%s: 401, 429 quota, 429, moderation',
    async (endpoint) => {
      expect(await mapped(endpoint, { status: 401, kind: 'invalid_key' })).toBe('invalid_api_key');
      expect(await mapped(endpoint, { status: 429, kind: 'quota' })).toBe('insufficient_quota');
      expect(await mapped(endpoint, { status: 429, kind: 'rate_limit' })).toBe('rate_limited');
      expect(await mapped(endpoint, { status: 400, kind: 'moderation' })).toBe('moderation');
      expect(await mapped(endpoint, { status: 500, kind: 'server' })).toBe('upstream_error');
    },
  );

  it.each(['openAI', 'azureOpenAI', 'Mistral'])(
    '%s: the fast path maps HTTP errors and error chunks (before and after text) as the AI SDK does',
    async (endpoint) => {
      for (const error of [
        { status: 401, kind: 'invalid_key' },
        { status: 429, kind: 'quota' },
        { status: 429, kind: 'rate_limit' },
        { status: 400, kind: 'moderation' },
        { status: 500, kind: 'server' },
      ]) {
        for (const script of [{ error }, { error, errorAfter: 0 }, { error, errorAfter: 3, tokens: 6 }]) {
          expect([script, await mappedFully(endpoint, script)]).toEqual([
            script,
            await mappedBySdk(endpoint, script),
          ]);
        }
      }
    },
  );

  it('the fast path: a refused connection is an upstream error, as through the SDK', async () => {
    expect(await mappedFully('Dead', {})).toEqual(await mappedBySdk('Dead', {}));
    expect((await mappedFully('Dead', {})).code).toBe('upstream_error');
  });
});

describe('model list fetch over HTTP', () => {
  it('fetches the list with ?user=<id> and falls back when the provider is down', async () => {
    sim.clearRequests();
    expect(await registry.listModels('Mistral', { userId: 'user-7' })).toEqual(['sim-a', 'sim-b']);
    expect(sim.requests()[0]).toMatchObject({ path: '/custom/v1/models', query: { user: 'user-7' } });
    expect(await registry.listModels('Dead', { userId: 'user-7' })).toEqual(['dead-default']);
  });
});
