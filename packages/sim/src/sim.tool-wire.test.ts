import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim } from './server';
import { json, parseSse, post, script } from './testing/raw';
import type { Sim } from './types';

// Tests index freely into the wire bodies whose shapes they assert.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const WEATHER = { name: 'get_weather', input: { city: 'Paris', days: [1, 2, 3] } };
const TIME = { name: 'get_time', input: { zone: 'Europe/Paris' } };
/** Text, then two calls in parallel. */
const STEP = script({ steps: [{ reply: 'Checking.', toolCalls: [WEATHER, TIME] }] });

const openaiTools = [WEATHER, TIME].map((t) => ({
  type: 'function',
  function: { name: t.name, parameters: { type: 'object' } },
}));
const chat = (stream: boolean) => ({
  model: 'gpt-4o',
  stream,
  messages: [{ role: 'user', content: 'Weather and time?' }],
  tools: openaiTools,
});

const anthropicBody = (stream: boolean) => ({
  model: 'claude-x',
  stream,
  max_tokens: 100,
  messages: [{ role: 'user', content: 'Weather and time?' }],
  tools: [WEATHER, TIME].map((t) => ({ name: t.name, input_schema: { type: 'object' } })),
});

const geminiBody = {
  contents: [{ role: 'user', parts: [{ text: 'Weather and time?' }] }],
  tools: [{ functionDeclarations: [WEATHER, TIME].map((t) => ({ name: t.name })) }],
};

const dataOf = (text: string): Loose[] =>
  parseSse(text)
    .filter((f) => f.data !== '[DONE]')
    .map((f) => JSON.parse(f.data) as Loose);

/** OpenAI's streamed calls, rebuilt the way a client must: by index, joining the argument pieces. */
function openaiCalls(chunks: Loose[]) {
  const calls: { id: string; name: string; arguments: string; pieces: number }[] = [];
  for (const delta of chunks.flatMap((c) => (c.choices[0]?.delta?.tool_calls ?? []) as Loose[])) {
    calls[delta.index] ??= { id: delta.id, name: delta.function.name, arguments: '', pieces: 0 };
    const call = calls[delta.index]!;
    call.arguments += delta.function.arguments;
    if (delta.function.arguments !== '') call.pieces += 1;
  }
  return calls;
}

describe('tool calls on the wire', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(() => sim.close());

  for (const [name, path] of [
    ['OpenAI', '/v1/chat/completions'],
    ['Azure', '/openai/deployments/my-gpt4o/chat/completions?api-version=2024-10-21'],
  ] as const) {
    it(`streams ${name} tool_calls deltas with the arguments split across chunks`, async () => {
      const chunks = dataOf(await (await post(sim, path, chat(true), STEP)).text());
      expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
      expect(chunks[1].choices[0].delta).toEqual({ content: 'Checking.' });
      const opening = chunks.find((c) => c.choices[0]?.delta?.tool_calls)!.choices[0].delta.tool_calls[0];
      expect(opening).toEqual({
        index: 0,
        id: expect.stringMatching(/^call_sim_/),
        type: 'function',
        function: { name: 'get_weather', arguments: '' },
      });
      const calls = openaiCalls(chunks);
      expect(calls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
        ['get_weather', WEATHER.input],
        ['get_time', TIME.input],
      ]);
      expect(calls[0]!.pieces).toBeGreaterThan(1);
      expect(new Set(calls.map((c) => c.id)).size).toBe(2);
      expect(chunks.at(-1).choices[0].finish_reason).toBe('tool_calls');
    });

    it(`answers ${name} non-streamed with message.tool_calls and finish_reason tool_calls`, async () => {
      const reply = await json(post(sim, path, chat(false), STEP));
      const [choice] = reply.choices;
      expect(choice.finish_reason).toBe('tool_calls');
      expect(choice.message.content).toBe('Checking.');
      expect(choice.message.tool_calls).toEqual([
        {
          id: expect.stringMatching(/^call_sim_/),
          type: 'function',
          function: { name: 'get_weather', arguments: JSON.stringify(WEATHER.input) },
        },
        expect.objectContaining({ function: { name: 'get_time', arguments: JSON.stringify(TIME.input) } }),
      ]);
      expect(reply.usage.completion_tokens).toBeGreaterThan(1);
    });
  }

  it('gives an OpenAI answer that is only calls null content', async () => {
    const only = script({ toolCalls: [TIME] });
    const chunks = dataOf(await (await post(sim, '/v1/chat/completions', chat(true), only)).text());
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: null });
    const reply = await json(post(sim, '/v1/chat/completions', chat(false), only));
    expect(reply.choices[0].message.content).toBeNull();
  });

  it('streams Anthropic tool_use blocks after the text block, input as input_json_delta pieces', async () => {
    const frames = parseSse(await (await post(sim, '/v1/messages', anthropicBody(true), STEP)).text());
    const events = frames.map((f) => ({ event: f.event, ...(JSON.parse(f.data) as Loose) }));
    const starts = events.filter((e) => e.event === 'content_block_start');
    expect(starts.map((e) => [e.index, e.content_block.type, e.content_block.name])).toEqual([
      [0, 'text', undefined],
      [1, 'tool_use', 'get_weather'],
      [2, 'tool_use', 'get_time'],
    ]);
    expect(starts[1].content_block).toEqual({
      type: 'tool_use',
      id: expect.any(String),
      name: 'get_weather',
      input: {},
    });
    // The text block closes before the first tool block opens; every block closes before the next opens.
    const order = events
      .filter((e) => e.event === 'content_block_start' || e.event === 'content_block_stop')
      .map((e) => `${e.event === 'content_block_start' ? '+' : '-'}${e.index}`);
    expect(order).toEqual(['+0', '-0', '+1', '-1', '+2', '-2']);
    const pieces = events.filter((e) => e.delta?.type === 'input_json_delta' && e.index === 1);
    expect(pieces.length).toBeGreaterThan(1);
    expect(JSON.parse(pieces.map((e) => e.delta.partial_json).join(''))).toEqual(WEATHER.input);
    const end = events.find((e) => e.event === 'message_delta');
    expect(end.delta.stop_reason).toBe('tool_use');
    expect(end.usage.output_tokens).toBeGreaterThan(1);
    expect(events.at(-1).event).toBe('message_stop');
  });

  it('streams Anthropic calls without a text block when the step has no text', async () => {
    const only = script({ toolCalls: [TIME] });
    const frames = parseSse(await (await post(sim, '/v1/messages', anthropicBody(true), only)).text());
    const starts = frames.filter((f) => f.event === 'content_block_start').map((f) => JSON.parse(f.data));
    expect(starts.map((s) => [s.index, s.content_block.type])).toEqual([[0, 'tool_use']]);
  });

  it('answers Anthropic non-streamed with text and tool_use content, stop_reason tool_use', async () => {
    const reply = await json(post(sim, '/v1/messages', anthropicBody(false), STEP));
    expect(reply.stop_reason).toBe('tool_use');
    expect(reply.content).toEqual([
      { type: 'text', text: 'Checking.' },
      { type: 'tool_use', id: expect.any(String), name: 'get_weather', input: WEATHER.input },
      { type: 'tool_use', id: expect.any(String), name: 'get_time', input: TIME.input },
    ]);
  });

  it('streams Gemini functionCall parts after the text, ending with STOP and usage', async () => {
    const path = '/v1beta/models/gemini-pro:streamGenerateContent?alt=sse';
    const frames = dataOf(await (await post(sim, path, geminiBody, STEP)).text());
    const parts = frames.flatMap((f) => (f.candidates[0].content?.parts ?? []) as Loose[]);
    expect(parts).toEqual([
      { text: 'Checking.' },
      { functionCall: { name: 'get_weather', args: WEATHER.input } },
      { functionCall: { name: 'get_time', args: TIME.input } },
    ]);
    expect(frames.at(-1)).toMatchObject({
      candidates: [{ finishReason: 'STOP' }],
      usageMetadata: { candidatesTokenCount: expect.any(Number) },
    });
  });

  it('answers Gemini non-streamed with functionCall parts', async () => {
    const reply = await json(post(sim, '/v1beta/models/gemini-pro:generateContent', geminiBody, STEP));
    expect(reply.candidates[0].finishReason).toBe('STOP');
    expect(reply.candidates[0].content.parts).toEqual([
      { text: 'Checking.' },
      { functionCall: { name: 'get_weather', args: WEATHER.input } },
      { functionCall: { name: 'get_time', args: TIME.input } },
    ]);
  });
});
