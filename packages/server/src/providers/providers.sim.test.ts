import { streamText } from 'ai';
import { startSim, type Sim } from '@parley/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customEndpoint, providersConfig, simProviders } from './provider-config.test-helpers';
import { createProviderRegistry, type ProviderRegistry } from './registry';

let sim: Sim;
let registry: ProviderRegistry;

beforeAll(async () => {
  sim = await startSim({ defaults: { rate: 0 } });
  registry = createProviderRegistry(
    providersConfig(simProviders(sim), [
      customEndpoint({
        baseURL: `${sim.url}/custom/v1`,
        addParams: { safe_prompt: true },
        dropParams: ['frequency_penalty', 'stream_options'],
        headers: { 'x-team': 'blue' },
      }),
    ]),
  );
});
afterAll(() => sim.close());

/** Streams one reply as a chat turn does (registry.replyStreamer) and answers the text and the request. */
async function send(endpoint: string, model: string, options: Record<string, unknown> = {}) {
  sim.clearRequests();
  const prompt = registry.buildPrompt(endpoint, {
    model,
    promptPrefix: 'Be brief.',
    history: [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: 'Again [[sim {"reply":"pong"}]]' },
    ],
  });
  const settings = registry.callSettings(endpoint, { model, ...options });
  let text = '';
  let finishReason: string | null = null;
  const stream = registry.replyStreamer(endpoint, model);
  for await (const part of stream({ prompt, settings, signal: new AbortController().signal })) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'finish') finishReason = part.finishReason;
  }
  const [request] = sim.requests();
  return { text, finishReason, request: request!, body: request!.body as Record<string, unknown> };
}

/** The same call through the AI SDK's streamText, as every endpoint streamed before the fast path. */
async function sendBySdk(endpoint: string, model: string, options: Record<string, unknown> = {}) {
  sim.clearRequests();
  const prompt = registry.buildPrompt(endpoint, {
    model,
    promptPrefix: 'Be brief.',
    history: [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: 'Again [[sim {"reply":"pong"}]]' },
    ],
  });
  const result = streamText({
    model: await registry.languageModel(endpoint, model),
    ...registry.callSettings(endpoint, { model, ...options }),
    ...prompt,
    maxRetries: 0,
  });
  const text = await result.text;
  const finishReason = await result.finishReason;
  const [request] = sim.requests();
  return { text, finishReason, request: request!, body: request!.body as Record<string, unknown> };
}

describe('over HTTP to the simulator', () => {
  it('openAI: model, bearer key, parameters, system then history', async () => {
    const { text, request, body } = await send('openAI', 'gpt-4', { temperature: 0.4, top_p: 0.9 });
    expect(text).toBe('pong');
    expect(request).toMatchObject({ provider: 'openai', path: '/v1/chat/completions', model: 'gpt-4' });
    expect(request.headers['authorization']).toBe('Bearer sk-openai');
    expect(body).toMatchObject({ temperature: 0.4, top_p: 0.9, frequency_penalty: 0, presence_penalty: 0 });
    const messages = body['messages'] as { role: string; content: unknown }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[0]!.content).toBe('Be brief.');
  });

  it('azureOpenAI: deployment URL, api-version and api-key header', async () => {
    const { text, request } = await send('azureOpenAI', 'gpt-4');
    expect(text).toBe('pong');
    expect(request).toMatchObject({
      provider: 'azure',
      deployment: 'gpt4-dep',
      query: { 'api-version': '2024-02-01' },
    });
    expect(request.headers['api-key']).toBe('az-key');
  });

  it('anthropic: x-api-key, system field, sampling parameters', async () => {
    const { text, request, body } = await send('anthropic', 'claude-2.1', { temperature: 0.5, topK: 7 });
    expect(text).toBe('pong');
    expect(request).toMatchObject({ provider: 'anthropic', path: '/v1/messages', model: 'claude-2.1' });
    expect(request.headers['x-api-key']).toBe('sk-ant');
    expect(body).toMatchObject({ temperature: 0.5, top_k: 7, max_tokens: 4000 });
    // A temperature or a top P, never both (the SDK would drop top P with a warning).
    expect(body).not.toHaveProperty('top_p');
    const topP = await send('anthropic', 'claude-2.1', { topP: 0.3 });
    expect(topP.body).toMatchObject({ top_p: 0.3 });
    expect(topP.body).not.toHaveProperty('temperature');
    expect(JSON.stringify(body['system'])).toContain('Be brief.');
    expect((body['messages'] as unknown[]).length).toBe(3);
  });

  it('google: key header, systemInstruction, generationConfig', async () => {
    const { text, request, body } = await send('google', 'gemini-pro', { topK: 20 });
    expect(text).toBe('pong');
    expect(request).toMatchObject({ provider: 'gemini', model: 'gemini-pro' });
    expect(request.headers['x-goog-api-key']).toBe('g-key');
    expect(body['generationConfig']).toMatchObject({
      temperature: 0.2,
      topP: 0.8,
      topK: 20,
      maxOutputTokens: 8192,
    });
    expect(JSON.stringify(body['systemInstruction'])).toContain('Be brief.');
    expect((body['contents'] as { role: string }[]).map((c) => c.role)).toEqual(['user', 'model', 'user']);
  });

  it.each([
    ['openAI', 'gpt-4', { temperature: 0.4, top_p: 0.9 }],
    ['azureOpenAI', 'gpt-4', {}],
    ['Mistral', 'mistral-tiny', { temperature: 0.3 }],
  ])(
    '%s: the fast path sends what the AI SDK sends and reads the same reply',
    async (endpoint, model, opts) => {
      const fast = await send(endpoint, model, opts);
      const sdk = await sendBySdk(endpoint, model, opts);
      expect(fast.body).toEqual(sdk.body);
      expect(fast.request.path).toBe(sdk.request.path);
      expect(fast.request.query).toEqual(sdk.request.query);
      const { 'user-agent': _fastAgent, ...fastHeaders } = fast.request.headers;
      const { 'user-agent': _sdkAgent, ...sdkHeaders } = sdk.request.headers;
      expect(fastHeaders).toEqual(sdkHeaders);
      expect([fast.text, fast.finishReason]).toEqual([sdk.text, sdk.finishReason]);
    },
  );

  it('custom: addParams, dropParams and headers reach the body and headers', async () => {
    const { text, request, body } = await send('Mistral', 'mistral-tiny', { temperature: 0.3 });
    expect(text).toBe('pong');
    expect(request).toMatchObject({ provider: 'openai-compatible', path: '/custom/v1/chat/completions' });
    expect(request.headers['authorization']).toBe('Bearer sk-custom');
    expect(request.headers['x-team']).toBe('blue');
    expect(body).toMatchObject({ model: 'mistral-tiny', temperature: 0.3, safe_prompt: true });
    expect(body).not.toHaveProperty('frequency_penalty');
    expect(body).not.toHaveProperty('stream_options');
  });
});
