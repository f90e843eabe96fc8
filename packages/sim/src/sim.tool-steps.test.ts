import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim } from './server';
import { json, post, script } from './testing/raw';
import { toolHistory } from './tool-history';
import type { Sim } from './types';

const RUN = {
  reply: 'All done.',
  steps: [
    { toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] },
    { reply: 'Now the time.', toolCalls: [{ name: 'get_time', input: { zone: 'CET' } }] },
    { echoToolResults: true },
  ],
};
const directive = (s: unknown = RUN) => `Weather, then time? [[sim ${JSON.stringify(s)}]]`;
const offer = ['get_weather', 'get_time'].map((name) => ({ type: 'function', function: { name } }));

/** An OpenAI conversation with the directive, then `rounds` finished tool rounds (one call each). */
function openaiRun(rounds: number, s: unknown = RUN) {
  const messages: unknown[] = [{ role: 'user', content: directive(s) }];
  for (let i = 1; i <= rounds; i++) {
    messages.push(
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: `c${i}`, type: 'function', function: { name: `tool_${i}`, arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: `c${i}`, content: `result ${i}` },
    );
  }
  return { model: 'gpt-4o', messages, tools: offer };
}

const ask = (sim: Sim, body: unknown, headers?: Record<string, string>) =>
  json(post(sim, '/v1/chat/completions', body, headers)).then((r) => r.choices[0].message);

describe('tool history read from a request', () => {
  it('counts results that follow each other as one round and names them from their calls', () => {
    const history = toolHistory([
      { kind: 'human', text: 'earlier' },
      { kind: 'results', results: [{ id: 'old', name: 'x', output: 1 }] },
      { kind: 'human', text: 'now' },
      {
        kind: 'calls',
        calls: [
          { id: 'a', name: 'get_weather' },
          { id: 'b', name: 'get_time' },
        ],
      },
      { kind: 'results', results: [{ id: 'a', name: '', output: 'sunny' }] },
      { kind: 'results', results: [{ id: 'b', name: '', output: 'noon' }] },
      { kind: 'other' },
      { kind: 'results', results: [{ id: 'c', name: 'named', output: 3 }] },
    ]);
    expect(history).toEqual({
      lastUserText: 'now',
      toolRounds: 2,
      toolResults: [
        { id: 'a', name: 'get_weather', output: 'sunny' },
        { id: 'b', name: 'get_time', output: 'noon' },
        { id: 'c', name: 'named', output: 3 },
      ],
    });
  });
});

describe('scripted tool steps over HTTP', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(() => sim.close());

  it('answers each OpenAI request with the step its tool rounds point at, then the final reply', async () => {
    const first = await ask(sim, openaiRun(0));
    expect(first.content).toBeNull();
    expect(first.tool_calls.map((c: { function: { name: string } }) => c.function.name)).toEqual([
      'get_weather',
    ]);
    const second = await ask(sim, openaiRun(1));
    expect(second.content).toBe('Now the time.');
    expect(second.tool_calls[0].function).toEqual({ name: 'get_time', arguments: '{"zone":"CET"}' });
    const third = await ask(sim, openaiRun(2));
    expect(JSON.parse(third.content)).toEqual([
      { id: 'c1', name: 'tool_1', output: 'result 1' },
      { id: 'c2', name: 'tool_2', output: 'result 2' },
    ]);
    expect((await ask(sim, openaiRun(3))).content).toBe('All done.');
  });

  it('starts over at step one when a new user message follows a finished run', async () => {
    const body = openaiRun(3);
    body.messages.push({ role: 'assistant', content: 'All done.' }, { role: 'user', content: directive() });
    expect((await ask(sim, body)).tool_calls[0].function.name).toBe('get_weather');
  });

  it('reads the header script on every step, as it does the message directive', async () => {
    const body = openaiRun(1, {});
    body.messages[0] = { role: 'user', content: 'no directive here' };
    const message = await ask(
      sim,
      body,
      script({ toolCalls: [{ name: 'get_time' }], reply: 'Header done.' }),
    );
    expect(message.content).toBe('Header done.');
  });

  it("moves a text agent's run on by its observations, and finds the directive before them", async () => {
    const run = {
      steps: [{ reply: 'Action: calculator\nAction Input: {"expression":"6*7"}' }, { echoToolResults: true }],
      reply: 'Final Answer: 42',
    };
    const messages: unknown[] = [{ role: 'user', content: directive(run) }];
    expect((await ask(sim, { model: 'gpt-4o', messages })).content).toBe(run.steps[0]!.reply);
    messages.push(
      { role: 'assistant', content: run.steps[0]!.reply },
      { role: 'user', content: 'Observation: 42' },
    );
    expect(JSON.parse((await ask(sim, { model: 'gpt-4o', messages })).content)).toEqual([
      { id: '', name: '', output: '42' },
    ]);
    messages.push(
      { role: 'assistant', content: 'Action: calculator' },
      { role: 'user', content: 'Observation: 43' },
    );
    expect((await ask(sim, { model: 'gpt-4o', messages })).content).toBe('Final Answer: 42');
  });

  it('answers a request to a model named under byModel with that script instead', async () => {
    const run = { reply: 'From the default.', byModel: { 'gpt-4o-mini': { reply: 'From mini.' } } };
    const messages = [{ role: 'user', content: directive(run) }];
    expect((await ask(sim, { model: 'gpt-4o-mini', messages })).content).toBe('From mini.');
    expect((await ask(sim, { model: 'gpt-4o', messages })).content).toBe('From the default.');
    const bad = await post(sim, '/v1/chat/completions', {
      model: 'gpt-4o',
      messages: [{ role: 'user', content: directive({ byModel: { 'gpt-4o': 'no' } }) }],
    });
    expect(bad.status).toBe(400);
  });

  it('finds the Anthropic directive behind a user message of tool_result blocks', async () => {
    const body = {
      model: 'claude-x',
      max_tokens: 100,
      tools: [{ name: 'get_weather' }, { name: 'get_time' }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: directive() }] },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'tu1', name: 'get_weather', input: { city: 'Paris' } }],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu1', content: 'sunny' }] },
      ],
    };
    const reply = await json(post(sim, '/v1/messages', body));
    expect(reply.content[0]).toEqual({ type: 'text', text: 'Now the time.' });
    expect(reply.content[1]).toMatchObject({ type: 'tool_use', name: 'get_time' });
  });

  it('echoes Gemini functionResponse parts, named by the response itself', async () => {
    const call = (name: string) => ({ role: 'model', parts: [{ functionCall: { name, args: {} } }] });
    const answer = (name: string, content: unknown) => ({
      role: 'user',
      parts: [{ functionResponse: { name, response: { name, content } } }],
    });
    const body = {
      tools: [{ functionDeclarations: [{ name: 'get_weather' }, { name: 'get_time' }] }],
      contents: [
        { role: 'user', parts: [{ text: directive() }] },
        call('get_weather'),
        answer('get_weather', { sky: 'sunny' }),
        call('get_time'),
        answer('get_time', 'noon'),
      ],
    };
    const reply = await json(post(sim, '/v1beta/models/gemini-pro:generateContent', body));
    expect(JSON.parse(reply.candidates[0].content.parts[0].text)).toEqual([
      { id: '', name: 'get_weather', output: { name: 'get_weather', content: { sky: 'sunny' } } },
      { id: '', name: 'get_time', output: { name: 'get_time', content: 'noon' } },
    ]);
  });

  it('answers the follow-up of the toolCalls shorthand with the script itself (here an echo)', async () => {
    const s = { toolCalls: [{ name: 'get_time', input: {} }], echoToolResults: true };
    expect((await ask(sim, openaiRun(0, s))).tool_calls).toHaveLength(1);
    expect(JSON.parse((await ask(sim, openaiRun(1, s))).content)).toEqual([
      { id: 'c1', name: 'tool_1', output: 'result 1' },
    ]);
  });

  it('still reads a call written with arguments instead of input', async () => {
    const s = { toolCalls: [{ name: 'get_time', arguments: { zone: 'UTC' } }] };
    const message = await ask(sim, { ...openaiRun(0), messages: [{ role: 'user', content: directive(s) }] });
    expect(message.tool_calls[0].function.arguments).toBe('{"zone":"UTC"}');
  });
});

describe('scripted calls the request cannot support', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(() => sim.close());

  const calls = { toolCalls: [{ name: 'get_weather', input: {} }] };
  const user = { role: 'user', content: 'Weather?' };

  it('answers each protocol 400 in its own shape when the request offers no such tool', async () => {
    const headers = script(calls);
    const openai = await post(sim, '/v1/chat/completions', { model: 'gpt-4o', messages: [user] }, headers);
    expect(openai.status).toBe(400);
    expect((await json(openai)).error).toMatchObject({
      type: 'invalid_request_error',
      message: 'sim script calls tool "get_weather", but the request offers no tools',
    });
    const anthropicBody = {
      model: 'claude-x',
      max_tokens: 9,
      messages: [user],
      tools: [{ name: 'get_time' }],
    };
    const anthropic = await post(sim, '/v1/messages', anthropicBody, headers);
    expect(anthropic.status).toBe(400);
    expect(await json(anthropic)).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'sim script calls tool "get_weather", but the request offers only: get_time',
      },
    });
    const geminiBody = { contents: [{ role: 'user', parts: [{ text: 'Weather?' }] }] };
    const gemini = await post(sim, '/v1beta/models/gemini-pro:generateContent', geminiBody, headers);
    expect(gemini.status).toBe(400);
    expect((await json(gemini)).error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
  });

  it('refuses a script with both steps and toolCalls, or a call without a name', async () => {
    const body = { model: 'gpt-4o', messages: [user], tools: offer };
    for (const bad of [
      { ...calls, steps: [] },
      { toolCalls: [{ input: {} }] },
      { steps: [{ toolCalls: {} }] },
    ]) {
      const res = await post(sim, '/v1/chat/completions', body, script(bad));
      expect(res.status).toBe(400);
      expect((await json(res)).error.message).toMatch(/^sim script/);
    }
  });

  it('puts no default text before calls, even under server-wide tokens', async () => {
    const withDefaults = await startSim({ defaults: { tokens: 5 } });
    try {
      const message = await ask(
        withDefaults,
        { model: 'gpt-4o', messages: [user], tools: offer },
        script(calls),
      );
      expect(message.content).toBeNull();
      expect(message.tool_calls).toHaveLength(1);
    } finally {
      await withDefaults.close();
    }
  });
});
