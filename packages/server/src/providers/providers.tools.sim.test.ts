import { startSim, type Sim } from '@parley/sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customEndpoint, providersConfig, simProviders } from './provider-config.test-helpers';
import type { ReplyCall, ReplyPart, ToolSpec } from './provider.types';
import { createProviderRegistry, type ProviderRegistry } from './registry';
import { streamWithSdk } from './sdk-stream';

// docs/reference/tools.md (The tool interface): every family offers tools and hands back the model's calls.

let sim: Sim;
let registry: ProviderRegistry;

beforeAll(async () => {
  sim = await startSim({ defaults: { rate: 0 } });
  registry = createProviderRegistry(
    providersConfig(simProviders(sim), [customEndpoint({ baseURL: `${sim.url}/custom/v1` })]),
  );
});
afterAll(() => sim.close());

const ADD: ToolSpec = {
  name: 'add',
  description: 'Adds two numbers.',
  inputSchema: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
  },
};

/** One call as the step loop will make it: the prompt, the settings, the offered tools; every part it yields. */
async function call(endpoint: string, model: string, question: string, tools?: ToolSpec[]) {
  sim.clearRequests();
  const prompt = registry.buildPrompt(endpoint, { model, history: [{ role: 'user', content: question }] });
  const settings = registry.callSettings(endpoint, { model });
  const parts: ReplyPart[] = [];
  const stream = registry.replyStreamer(endpoint, model);
  for await (const part of stream({ prompt, settings, signal: new AbortController().signal, tools })) {
    parts.push(part);
  }
  const [request] = sim.requests();
  return { parts, body: JSON.stringify(request!.body) };
}

const script = (value: unknown) => `Add them [[sim ${JSON.stringify(value)}]]`;

describe.each([
  { endpoint: 'openAI', model: 'gpt-4o' },
  { endpoint: 'azureOpenAI', model: 'gpt-4o' },
  { endpoint: 'anthropic', model: 'claude-sonnet-4-5' },
  { endpoint: 'google', model: 'gemini-2.5-flash' },
  { endpoint: 'Mistral', model: 'mistral-tiny' },
])('$endpoint offers tools and hands back the calls', ({ endpoint, model }) => {
  it('sends the tool with its schema and yields each call whole, with its parsed input', async () => {
    const steps = {
      steps: [
        {
          reply: 'Adding. ',
          toolCalls: [
            { name: 'add', input: { a: 2, b: 3 } },
            { name: 'add', input: { a: 10, b: 20 } },
          ],
        },
      ],
    };
    const { parts, body } = await call(endpoint, model, script(steps), [ADD]);
    expect(body).toContain('"add"');
    expect(body).toContain('Adds two numbers.');
    const calls = parts.filter((p) => p.type === 'tool-call');
    expect(calls.map((c) => ({ name: c.name, input: c.input }))).toEqual([
      { name: 'add', input: { a: 2, b: 3 } },
      { name: 'add', input: { a: 10, b: 20 } },
    ]);
    expect(new Set(calls.map((c) => c.id)).size).toBe(2);
    expect(
      parts
        .filter((p) => p.type === 'text')
        .map((p) => p.text)
        .join(''),
    ).toBe('Adding. ');
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool-calls' });
  });

  it('without tools, sends none and answers text as before', async () => {
    const { parts, body } = await call(endpoint, model, script({ reply: 'five' }));
    expect(body).not.toContain('"tools"');
    expect(body).not.toContain('functionDeclarations');
    expect(
      parts
        .filter((p) => p.type === 'text')
        .map((p) => p.text)
        .join(''),
    ).toBe('five');
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });
});

/**
 * A second step as the step loop makes it: the question, the model's earlier call and its result, then this call.
 * The sim answers it with the script's second step.
 */
function secondStep(endpoint: string, model: string): ReplyCall {
  const steps = {
    steps: [
      { toolCalls: [{ name: 'add', input: { a: 2, b: 3 } }] },
      {
        reply: 'Five; now the rest. ',
        toolCalls: [
          { name: 'add', input: { a: 10, b: 20 } },
          { name: 'add', input: {} },
        ],
      },
    ],
  };
  const prompt = registry.buildPrompt(endpoint, {
    model,
    history: [{ role: 'user', content: script(steps) }],
  });
  const messages = [
    ...prompt.messages,
    {
      role: 'assistant' as const,
      content: [{ type: 'tool-call' as const, toolCallId: 'call_1', toolName: 'add', input: { a: 2, b: 3 } }],
    },
    {
      role: 'tool' as const,
      content: [
        {
          type: 'tool-result' as const,
          toolCallId: 'call_1',
          toolName: 'add',
          output: { type: 'text' as const, value: '5' },
        },
      ],
    },
  ];
  return {
    prompt: { ...prompt, messages },
    settings: registry.callSettings(endpoint, { model }),
    signal: new AbortController().signal,
    tools: [ADD],
  };
}

/** Every part of a call, and the request the sim received. */
async function partsAndBody(stream: AsyncIterable<ReplyPart>) {
  sim.clearRequests();
  const parts: ReplyPart[] = [];
  for await (const part of stream) parts.push(part);
  const [request] = sim.requests();
  return { parts, body: request!.body, path: request!.path, query: request!.query };
}

// docs/reference/tools.md (The tool interface): OpenAI-style endpoints read tool calls on their fast path, as the SDK.
describe.each([
  { endpoint: 'openAI', model: 'gpt-4o' },
  { endpoint: 'azureOpenAI', model: 'gpt-4o' },
  { endpoint: 'Mistral', model: 'mistral-tiny' },
])('$endpoint: a call that offers tools, on the fast path', ({ endpoint, model }) => {
  it('sends what the AI SDK sends (tools, earlier steps) and reads the same text, calls and finish', async () => {
    // The fast path reads the answer over node:http itself; the SDK's stream would have gone through fetch.
    const viaFetch = vi.spyOn(globalThis, 'fetch');
    const fast = await partsAndBody(registry.replyStreamer(endpoint, model)(secondStep(endpoint, model)));
    expect(viaFetch).not.toHaveBeenCalled();
    viaFetch.mockRestore();
    const sdk = await partsAndBody(
      streamWithSdk(await registry.languageModel(endpoint, model), secondStep(endpoint, model)),
    );
    expect(fast.body).toEqual(sdk.body);
    expect([fast.path, fast.query]).toEqual([sdk.path, sdk.query]);
    // Call ids are the sim's, new on every answer.
    const shape = (parts: ReplyPart[]) =>
      parts.map((p) => (p.type === 'tool-call' ? { ...p, id: typeof p.id } : p));
    expect(shape(fast.parts)).toEqual(shape(sdk.parts));
    const text = fast.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
    expect(text).toBe('Five; now the rest. ');
    expect(shape(fast.parts.filter((p) => p.type !== 'text'))).toEqual([
      { type: 'tool-call', id: 'string', name: 'add', input: { a: 10, b: 20 } },
      { type: 'tool-call', id: 'string', name: 'add', input: {} },
      { type: 'finish', finishReason: 'tool-calls', usage: expect.any(Object) },
    ]);
  });
});
