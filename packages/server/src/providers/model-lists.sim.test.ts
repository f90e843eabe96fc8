import { createServer as httpServer } from 'node:http';
import { createServer } from 'node:net';
import { DEFAULT_MODELS } from '@parley/shared';
import { startSim, type Sim } from '@parley/sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readProviderEnv } from '../config/provider-settings';
import { providersConfig } from './provider-config.test-helpers';
import { createProviderRegistry } from './registry';

// The built-in endpoints' model lists against the simulator (docs/reference/endpoints-and-models.md (Model lists)):
// the provider's own list when an operator key allows, the operator's list as given, the defaults otherwise.

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => sim.close());
beforeEach(() => sim.clearRequests());

/** A registry from these provider variables, as the server reads them. */
const fromEnv = (env: Record<string, string>) =>
  createProviderRegistry(providersConfig(readProviderEnv(env)));
const listRequests = () => sim.requests().filter((r) => r.method === 'GET');

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('built-in model lists', () => {
  it('serves each provider’s own chat models when an operator key allows, the defaults first', async () => {
    const registry = fromEnv({
      OPENAI_API_KEY: 'sk-op',
      OPENAI_REVERSE_PROXY: `${sim.url}/v1`,
      ANTHROPIC_API_KEY: 'sk-ant-op',
      ANTHROPIC_REVERSE_PROXY: sim.url,
      GOOGLE_KEY: 'g-op',
      GOOGLE_REVERSE_PROXY: sim.url,
    });
    const models = await registry.listAllModels({ userId: 'u1' });
    // OpenAI's list without embeddings, speech, images and moderation; Parley's defaults first, in their order.
    expect(models.openAI).toEqual(['gpt-4.1', 'gpt-4o', 'gpt-4o-mini', 'gpt-4.1-sim-preview']);
    expect(models.gptPlugins).toEqual(models.openAI);
    expect(models.anthropic).toEqual(['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1']);
    // Google's models that generate content (the embedding model does not), without `models/`.
    expect(models.google).toEqual(['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.0-flash']);

    const asked = listRequests();
    const openai = asked.find((r) => r.provider === 'openai')!;
    expect(openai).toMatchObject({ path: '/v1/models', headers: { authorization: 'Bearer sk-op' } });
    const anthropic = asked.find((r) => r.provider === 'anthropic')!;
    expect(anthropic).toMatchObject({
      path: '/v1/models',
      headers: { 'x-api-key': 'sk-ant-op', 'anthropic-version': '2023-06-01' },
    });
    const google = asked.find((r) => r.provider === 'gemini')!;
    expect(google).toMatchObject({ path: '/v1beta/models', headers: { 'x-goog-api-key': 'g-op' } });

    // Cached: a second listing asks nobody.
    sim.clearRequests();
    expect(await registry.listAllModels({ userId: 'u2' })).toEqual(models);
    expect(listRequests()).toEqual([]);
  });

  it('serves the operator’s lists exactly as given, without asking the provider', async () => {
    const registry = fromEnv({
      OPENAI_API_KEY: 'sk-op',
      OPENAI_REVERSE_PROXY: `${sim.url}/v1`,
      OPENAI_MODELS: 'gpt-3.5-turbo, my-fine-tune,gpt-4o',
      ANTHROPIC_API_KEY: 'sk-ant-op',
      ANTHROPIC_REVERSE_PROXY: sim.url,
      ANTHROPIC_MODELS: 'claude-2.1,claude-sonnet-4-5',
      GOOGLE_KEY: 'g-op',
      GOOGLE_REVERSE_PROXY: sim.url,
      GOOGLE_MODELS: 'gemini-pro,chat-bison',
    });
    const models = await registry.listAllModels({ userId: 'u1' });
    expect(models).toMatchObject({
      openAI: ['gpt-3.5-turbo', 'my-fine-tune', 'gpt-4o'],
      gptPlugins: ['gpt-3.5-turbo', 'my-fine-tune', 'gpt-4o'],
      anthropic: ['claude-2.1', 'claude-sonnet-4-5'],
      google: ['gemini-pro', 'chat-bison'],
    });
    expect(listRequests()).toEqual([]);
  });

  it('falls back to the default lists when the provider cannot be asked', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const registry = fromEnv({
      OPENAI_API_KEY: 'sk-op',
      OPENAI_REVERSE_PROXY: `${dead}/v1`,
      ANTHROPIC_API_KEY: 'sk-ant-op',
      ANTHROPIC_REVERSE_PROXY: dead,
      GOOGLE_KEY: 'g-op',
      GOOGLE_REVERSE_PROXY: dead,
    });
    expect(await registry.listAllModels({ userId: 'u1' })).toMatchObject({
      openAI: [...DEFAULT_MODELS.openAI],
      anthropic: [...DEFAULT_MODELS.anthropic],
      google: [...DEFAULT_MODELS.google],
    });
  });

  it('falls back to the defaults when the provider answers an error', async () => {
    const failing = httpServer((_req, res) => res.writeHead(500).end('{"error":{"message":"down"}}'));
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = failing.address() as { port: number };
      const registry = fromEnv({
        OPENAI_API_KEY: 'sk-op',
        OPENAI_REVERSE_PROXY: `http://127.0.0.1:${port}/v1`,
      });
      expect((await registry.listAllModels({ userId: 'u1' })).openAI).toEqual([...DEFAULT_MODELS.openAI]);
    } finally {
      await new Promise((resolve) => failing.close(resolve));
    }
  });

  it('serves the defaults, asking nobody, when each user brings the key', async () => {
    const registry = fromEnv({
      OPENAI_API_KEY: 'user_provided',
      OPENAI_REVERSE_PROXY: `${sim.url}/v1`,
      ANTHROPIC_API_KEY: 'user_provided',
      ANTHROPIC_REVERSE_PROXY: sim.url,
      GOOGLE_KEY: 'user_provided',
      GOOGLE_REVERSE_PROXY: sim.url,
    });
    expect(await registry.listAllModels({ userId: 'u1' })).toMatchObject({
      openAI: [...DEFAULT_MODELS.openAI],
      anthropic: [...DEFAULT_MODELS.anthropic],
      google: [...DEFAULT_MODELS.google],
    });
    expect(listRequests()).toEqual([]);
  });
});
