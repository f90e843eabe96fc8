import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim } from './server';
import { chatBody, json, post, script } from './testing/raw';
import type { RecordedRequest, Sim } from './types';

describe('sim routes over HTTP', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ models: { openai: ['gpt-a', 'gpt-b'] } });
  });
  afterAll(() => sim.close());

  it('lists models in each provider family shape', async () => {
    const openai = await json(fetch(`${sim.url}/v1/models`));
    expect(openai).toEqual({
      object: 'list',
      data: [
        { id: 'gpt-a', object: 'model', created: expect.any(Number), owned_by: 'sim' },
        { id: 'gpt-b', object: 'model', created: expect.any(Number), owned_by: 'sim' },
      ],
    });
    const headers = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
    const anthropic = await json(fetch(`${sim.url}/v1/models`, { headers }));
    expect(anthropic.has_more).toBe(false);
    expect(anthropic.data[0]).toMatchObject({
      type: 'model',
      id: expect.any(String),
      display_name: expect.any(String),
    });
    const gemini = await json(fetch(`${sim.url}/v1beta/models?key=k`));
    expect(gemini.models[0]).toMatchObject({ name: 'models/gemini-2.5-pro', displayName: 'Gemini 2.5 Pro' });
    expect(gemini.models[0].supportedGenerationMethods).toContain('generateContent');
    // As Google lists them, an embedding model supports only embedContent.
    const embedding = gemini.models.find((m: { name: string }) => m.name === 'models/text-embedding-004');
    expect(embedding.supportedGenerationMethods).toEqual(['embedContent']);
    const custom = await json(fetch(`${sim.url}/some/proxy/models`));
    expect(custom.object).toBe('list');
    expect(sim.requests().at(-1)?.provider).toBe('openai-compatible');
  });

  it('lists non-chat models beside the chat ones by default, as the providers do', async () => {
    const plain = await startSim();
    try {
      const openai = await json(fetch(`${plain.url}/v1/models`));
      const ids = openai.data.map((m: { id: string }) => m.id);
      expect(ids).toEqual(
        expect.arrayContaining(['gpt-4.1', 'text-embedding-3-small', 'whisper-1', 'dall-e-3']),
      );
      const headers = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
      const anthropic = await json(fetch(`${plain.url}/v1/models`, { headers }));
      expect(anthropic.data.map((m: { id: string }) => m.id)).toContain('claude-sonnet-4-5');
    } finally {
      await plain.close();
    }
  });

  it('answers unknown paths with 404 JSON', async () => {
    const res = await fetch(`${sim.url}/nowhere`);
    expect(res.status).toBe(404);
    expect((await json(res)).error.message).toContain('/nowhere');
  });

  it('refuses a bad JSON body with 400 in the provider shape', async () => {
    const openai = await post(sim, '/v1/chat/completions', '{nope');
    expect(openai.status).toBe(400);
    expect((await json(openai)).error.type).toBe('invalid_request_error');
    const anthropic = await post(sim, '/v1/messages', '[1]');
    expect(await json(anthropic)).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    const gemini = await post(sim, '/v1beta/models/gemini-pro:generateContent', 'x');
    expect(await json(gemini)).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  });

  it('answers scripted errors in each provider shape', async () => {
    const fault = (kind: string, status: number) => script({ error: { status, kind } });
    const openai = await post(sim, '/v1/chat/completions', chatBody('x'), fault('invalid_key', 401));
    expect(openai.status).toBe(401);
    expect((await json(openai)).error).toMatchObject({
      code: 'invalid_api_key',
      message: expect.any(String),
    });
    const quota = await post(sim, '/v1/chat/completions', chatBody('x'), fault('quota', 429));
    expect((await json(quota)).error.code).toBe('insufficient_quota');
    const azure = await post(
      sim,
      '/openai/deployments/d1/chat/completions',
      chatBody('x'),
      fault('moderation', 400),
    );
    expect((await json(azure)).error.code).toBe('content_filter');
    const moderation = await post(sim, '/v1/chat/completions', chatBody('x'), fault('moderation', 400));
    expect((await json(moderation)).error.code).toBe('content_policy_violation');
    const anthropic = await post(sim, '/v1/messages', chatBody('x'), fault('invalid_key', 401));
    expect((await json(anthropic)).error.type).toBe('authentication_error');
    const gemini = await post(sim, '/v1beta/models/g:generateContent', {}, fault('rate_limit', 429));
    expect(gemini.status).toBe(429);
    expect((await json(gemini)).error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
  });

  it('answers a missing model and a too long prompt in each provider shape, with the given message', async () => {
    const fault = (kind: string, status: number, message?: string) =>
      script({ error: { status, kind, ...(message ? { message } : {}) } });
    const missing = 'The model `gpt-x` does not exist or you do not have access to it.';
    const openai = await post(sim, '/v1/chat/completions', chatBody('x'), fault('not_found', 404, missing));
    expect(openai.status).toBe(404);
    expect((await json(openai)).error).toMatchObject({ code: 'model_not_found', message: missing });
    const long = await post(sim, '/v1/chat/completions', chatBody('x'), fault('context_length', 400));
    expect((await json(long)).error).toMatchObject({
      code: 'context_length_exceeded',
      message: expect.stringContaining('maximum context length'),
    });
    const anthropic = await post(sim, '/v1/messages', chatBody('x'), fault('not_found', 404));
    expect((await json(anthropic)).error.type).toBe('not_found_error');
    const gemini = await post(sim, '/v1beta/models/g:generateContent', {}, fault('not_found', 404));
    expect((await json(gemini)).error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
  });

  it('records requests and serves the log to other processes', async () => {
    sim.clearRequests();
    await post(sim, '/openai/deployments/dep-1/chat/completions?api-version=2024-10-21', chatBody('hi'), {
      'api-key': 'az-key',
    });
    const log = (await json(fetch(`${sim.url}/_sim/requests`))) as RecordedRequest[];
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      provider: 'azure',
      method: 'POST',
      path: '/openai/deployments/dep-1/chat/completions',
      query: { 'api-version': '2024-10-21' },
      deployment: 'dep-1',
      body: { messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(log[0]?.headers['api-key']).toBe('az-key');
    expect(typeof log[0]?.at).toBe('number');
    expect((await fetch(`${sim.url}/_sim/requests`, { method: 'DELETE' })).status).toBe(204);
    expect(sim.requests()).toEqual([]);
  });
});

describe('many streams at once', () => {
  it('finishes 200 concurrent paced streams', async () => {
    const sim = await startSim({ defaults: { tokens: 20, rate: 200 } });
    try {
      const bodies = await Promise.all(
        Array.from({ length: 200 }, async () =>
          (await post(sim, '/v1/chat/completions', chatBody('x'))).text(),
        ),
      );
      expect(bodies.every((b) => b.endsWith('data: [DONE]\n\n') && b.includes('tok20 '))).toBe(true);
    } finally {
      await sim.close();
    }
  });
});

describe('closing the sim', () => {
  it('closes while a request hangs, and the client sees the connection end', async () => {
    const sim = await startSim();
    const pending = post(sim, '/v1/chat/completions', chatBody('x'), script({ hang: true })).then(
      async (res) => res.text(),
      (error: unknown) => error,
    );
    while (sim.requests().length === 0) await new Promise((r) => setTimeout(r, 5));
    const started = performance.now();
    await sim.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
  });

  it('closes while a slow stream is mid-way', async () => {
    const sim = await startSim({ defaults: { tokens: 1000, rate: 10 } });
    const res = await post(sim, '/v1/chat/completions', chatBody('x'));
    const reader = res.body!.getReader();
    await reader.read();
    await sim.close();
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
    ).rejects.toThrow();
  });
});
