import { startSim, type Sim } from '@parley/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customEndpoint, providersConfig, simProviders } from './provider-config.test-helpers';
import type { ReplyPart, ToolSpec } from './provider.types';
import { createProviderRegistry, type ProviderRegistry } from './registry';

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
