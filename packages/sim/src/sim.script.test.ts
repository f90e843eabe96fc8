import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDirective } from './script';
import { startSim } from './server';
import { chatBody, json, parseSse, post, script } from './testing/raw';
import type { Sim } from './types';

const deltas = (body: string) =>
  parseSse(body)
    .filter((f) => f.data !== '[DONE]')
    .map((f) => JSON.parse(f.data) as { choices: { delta?: { content?: string } }[] })
    .map((c) => c.choices[0]?.delta?.content)
    .filter((c) => c !== undefined && c !== '');

describe('script directives', () => {
  it('reads JSON that itself contains ]]', () => {
    expect(
      findDirective('x [[sim {"reply":"a]]b","toolCalls":[{"name":"t","arguments":{"l":[[1]]}}]}]] y'),
    ).toEqual({
      reply: 'a]]b',
      toolCalls: [{ name: 't', arguments: { l: [[1]] } }],
    });
    expect(findDirective('no directive')).toBeUndefined();
    expect(() => findDirective('[[sim {broken]]')).toThrow();
  });
});

describe('scripted replies over HTTP', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(() => sim.close());

  it('without a script, replies deterministically naming the model', async () => {
    const body = { model: 'gpt-x', messages: [{ role: 'user', content: 'abcdefgh' }] };
    const reply = await json(post(sim, '/v1/chat/completions', body));
    expect(reply.object).toBe('chat.completion');
    expect(reply.choices[0].message.content).toContain('gpt-x');
    expect(reply.choices[0].finish_reason).toBe('stop');
    const words = (reply.choices[0].message.content as string).split(' ').length;
    expect(reply.usage).toEqual({ prompt_tokens: 2, completion_tokens: words, total_tokens: 2 + words });
  });

  it('frames an OpenAI stream and ends it with [DONE]', async () => {
    const res = await post(
      sim,
      '/v1/chat/completions',
      chatBody('[[sim {"reply":"abcdefg","chunkSize":3}]]'),
    );
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(deltas(text)).toEqual(['abc', 'def', 'g']);
    expect(text).not.toContain('"usage"');
  });

  it('lets the header win over the message directive', async () => {
    const body = chatBody('[[sim {"reply":"from message"}]]', { stream: false });
    const reply = await json(post(sim, '/v1/chat/completions', body, script({ reply: 'from header' })));
    expect(reply.choices[0].message.content).toBe('from header');
  });

  it('refuses an unreadable script with 400', async () => {
    const res = await post(sim, '/v1/chat/completions', chatBody('x'), { 'x-sim-script': '{oops' });
    expect(res.status).toBe(400);
  });

  it('sends Anthropic events in the real order', async () => {
    const body = {
      model: 'claude-x',
      stream: true,
      max_tokens: 10,
      messages: [{ role: 'user', content: 'hi' }],
    };
    const text = await (await post(sim, '/v1/messages', body, script({ reply: 'a b' }))).text();
    expect(parseSse(text).map((f) => f.event)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const last = parseSse(text).find((f) => f.event === 'message_delta')!;
    expect(JSON.parse(last.data)).toMatchObject({
      delta: { stop_reason: 'end_turn' },
      usage: { output_tokens: 2 },
    });
  });

  it('streams Gemini chunks and echoes a key given as ?key=', async () => {
    const body = {
      contents: [{ role: 'user', parts: [{ text: 'hi [[sim {"echo":true,"chunkSize":1000}]]' }] }],
    };
    const res = await post(sim, '/v1beta/models/gemini-pro:streamGenerateContent?alt=sse&key=g-key', body);
    const frames = parseSse(await res.text()).map((f) => JSON.parse(f.data));
    const echo = JSON.parse(frames[0].candidates[0].content.parts[0].text);
    expect(echo).toMatchObject({ model: 'gemini-pro', auth: 'g-key', contents: body.contents });
    expect(frames.at(-1)).toMatchObject({
      candidates: [{ finishReason: 'STOP' }],
      usageMetadata: expect.any(Object),
    });
  });

  it('sends an OpenAI in-stream error object after N chunks', async () => {
    const text = await (
      await post(sim, '/v1/chat/completions', chatBody('x'), script({ tokens: 3, errorAfter: 2 }))
    ).text();
    const frames = parseSse(text);
    expect(frames).toHaveLength(4);
    expect(JSON.parse(frames[3]!.data).error.type).toBe('server_error');
  });
});

describe('server-wide defaults', () => {
  it('apply to every request and yield to the request script', async () => {
    const sim = await startSim({ defaults: { tokens: 5, rate: 100, firstTokenDelayMs: 30 } });
    try {
      const started = performance.now();
      const text = await (await post(sim, '/v1/chat/completions', chatBody('x'))).text();
      expect(deltas(text)).toEqual(['tok1 ', 'tok2 ', 'tok3 ', 'tok4 ', 'tok5 ']);
      expect(performance.now() - started).toBeGreaterThanOrEqual(65);
      const own = await (
        await post(sim, '/v1/chat/completions', chatBody('x'), script({ reply: 'mine', rate: 0 }))
      ).text();
      expect(deltas(own)).toEqual(['mine']);
    } finally {
      await sim.close();
    }
  });
});

describe('canned rules', () => {
  it('answers a prompt containing a rule text with its script, under the request own script', async () => {
    const sim = await startSim({ rules: [{ contains: 'Kyoto', script: { reply: 'Day 1: temples.' } }] });
    try {
      const ask = (text: string) =>
        json(post(sim, '/v1/chat/completions', chatBody(text, { stream: false }))).then(
          (r) => r.choices[0].message.content as string,
        );
      expect(await ask('Plan three days in Kyoto')).toBe('Day 1: temples.');
      expect(await ask('Kyoto again [[sim {"reply":"own script"}]]')).toBe('own script');
      expect(await ask('Somewhere else')).not.toBe('Day 1: temples.');
    } finally {
      await sim.close();
    }
  });
});
