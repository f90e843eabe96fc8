import { streamText } from 'ai';
import { startSim, type Sim } from '@parley/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customEndpoint, providersConfig } from './provider-test-config';
import { createProviderRegistry, type ProviderRegistry } from './registry';

let sim: Sim;
let registry: ProviderRegistry;

beforeAll(async () => {
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
          baseURL: 'http://127.0.0.1:9/v1',
          models: { default: ['dead-default'], fetch: true },
        }),
      ],
    ),
  );
});
afterAll(() => sim.close());

/** Sends a scripted error and answers the mapped code. */
async function mapped(endpoint: string, error: { status: number; kind: string }) {
  let caught: unknown;
  const result = streamText({
    model: registry.languageModel(endpoint, 'm'),
    messages: [{ role: 'user', content: `x [[sim ${JSON.stringify({ error })}]]` }],
    maxRetries: 0,
    onError: ({ error: e }) => {
      caught = e;
    },
  });
  await result.consumeStream();
  return registry.mapProviderError(caught).code;
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
});

describe('model list fetch over HTTP', () => {
  it('fetches the list with ?user=<id> and falls back when the provider is down', async () => {
    sim.clearRequests();
    expect(await registry.listModels('Mistral', { userId: 'user-7' })).toEqual(['sim-a', 'sim-b']);
    expect(sim.requests()[0]).toMatchObject({ path: '/custom/v1/models', query: { user: 'user-7' } });
    expect(await registry.listModels('Dead', { userId: 'user-7' })).toEqual(['dead-default']);
  });
});
