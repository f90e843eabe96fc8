import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID, type ContentPart } from '@parley/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { simProviders } from '../../providers/provider-config.test-helpers';
import { entries, expectLedgerMatches } from '../balance/balance.test-helpers';
import { ask, messagesOf, sim, startChatApp, type ChatApp } from './chat.test-helpers';
import { installPlugin } from './chat-tools.test-helpers';
import { TOOL_MESSAGES } from './tool-refusals';

// docs/reference/tools.md (The agent's settings): `agentOptions` choose who runs the tool steps (the agent model, at
// the agent temperature, with tools offered or in text lines) and whether the conversation's model writes the reply.

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

const fresh = { parentMessageId: NIL_UUID, conversationId: null, model: 'gpt-4o', tools: ['calculator'] };
const calc = (expression: string) => ({ name: 'calculator', input: { expression } });
type ToolCallPart = Extract<ContentPart, { type: 'tool_call' }>;
const toolSteps = (content: ContentPart[] | undefined) =>
  (content ?? []).filter((p): p is ToolCallPart => p.type === 'tool_call').map((p) => p.tool_call);

interface SentBody {
  model: string;
  temperature?: number;
  tools?: { function: { name: string } }[];
  messages: { role: string; content: unknown }[];
}
const modelCalls = () =>
  simulator
    .requests()
    .filter((r) => r.path.endsWith('/chat/completions'))
    .map((r) => r.body as SentBody);
const instructionsOf = (body: SentBody) =>
  body.messages
    .filter((m) => m.role === 'system')
    .map((m) => String(m.content))
    .join('\n');

describe.each(testDialects())('the Plugins agent, on %s', (dialect) => {
  let app: ChatApp;
  afterEach(async () => app?.close());

  async function start(options: Parameters<typeof startChatApp>[2] = {}) {
    app = await startChatApp(dialect, simulator, { titleConvo: false, ...options });
    expect((await installPlugin(app, 'calculator')).status).toBe(200);
    simulator.clearRequests();
  }

  it('runs the steps on the agent model at the agent temperature; without agentOptions, the chat model at 0', async () => {
    await start();
    const script = { steps: [{ toolCalls: [calc('6 * 7')] }, { reply: 'It is 42.' }] };
    const res = await ask(app, 'gptPlugins', {
      ...fresh,
      temperature: 0.9,
      text: `Product? ${sim(script)}`,
      agentOptions: { agent: 'functions', model: 'gpt-4o-mini', temperature: 0.35, skipCompletion: true },
    });
    expect(res.status).toBe(200);
    expect(res.events.final!.responseMessage.text).toBe('It is 42.');
    expect(modelCalls().map((b) => [b.model, b.temperature, b.tools?.map((t) => t.function.name)])).toEqual([
      ['gpt-4o-mini', 0.35, ['calculator']],
      ['gpt-4o-mini', 0.35, ['calculator']],
    ]);
    simulator.clearRequests();
    const plain = await ask(app, 'gptPlugins', { ...fresh, temperature: 0.9, text: `Again ${sim(script)}` });
    expect(plain.status).toBe(200);
    expect(modelCalls().map((b) => [b.model, b.temperature])).toEqual([
      ['gpt-4o', 0],
      ['gpt-4o', 0],
    ]);
  });

  it("takes the chat's model when the operator's list does not offer the agent model", async () => {
    await start({
      providers: {
        ...simProviders(simulator),
        openAI: { ...simProviders(simulator).openAI!, pluginModels: ['gpt-4o'] },
      },
    });
    const res = await ask(app, 'gptPlugins', {
      ...fresh,
      text: `Sum ${sim({ steps: [{ toolCalls: [calc('1 + 1')] }, { reply: 'Two.' }] })}`,
      agentOptions: { model: 'gpt-3.5-turbo', temperature: 0 },
    });
    expect(res.status).toBe(200);
    expect(modelCalls().map((b) => b.model)).toEqual(['gpt-4o', 'gpt-4o']);
  });

  it('refuses a functions agent whose model cannot call tools; the classic agent runs on it', async () => {
    await start();
    const instruct = { agent: 'functions', model: 'gpt-3.5-turbo-instruct', temperature: 0 };
    const refused = await ask(app, 'gptPlugins', { ...fresh, text: 'Hi', agentOptions: instruct });
    expect({ status: refused.status, body: JSON.parse(refused.body) }).toEqual({
      status: 400,
      body: { code: 'VALIDATION', message: TOOL_MESSAGES.model('gpt-3.5-turbo-instruct'), field: 'tools' },
    });
    expect(modelCalls()).toEqual([]);
    const script = {
      steps: [
        { reply: 'Thought: I should compute.\nAction: calculator\nAction Input: {"expression": "6*7"}' },
      ],
      reply: 'Thought: I know now.\nFinal Answer: It is 42.',
    };
    const res = await ask(app, 'gptPlugins', {
      ...fresh,
      text: `Product? ${sim(script)}`,
      agentOptions: { ...instruct, agent: 'classic' },
    });
    expect(res.status).toBe(200);
    expect(modelCalls().map((b) => b.model)).toEqual(['gpt-3.5-turbo-instruct', 'gpt-3.5-turbo-instruct']);
  });

  it('classic: tools in the instructions, the action read from the text and hidden, the observation sent back, the final answer shown', async () => {
    await start();
    const script = {
      steps: [
        {
          reply:
            'Thought: I should compute.\nAction: calculator\nAction Input: 6 * 7\nObservation: 41 (made up)',
        },
      ],
      reply: 'Thought: I know now.\nFinal Answer: It is 42.',
    };
    const res = await ask(app, 'gptPlugins', {
      ...fresh,
      text: `Product? ${sim(script)}`,
      agentOptions: { agent: 'classic', skipCompletion: true },
    });
    expect(res.status).toBe(200);
    const [first, second] = modelCalls();
    expect(first!.tools).toBeUndefined();
    expect(instructionsOf(first!)).toContain('- calculator: ');
    expect(instructionsOf(first!)).toContain('Action Input:');
    // The agent's own message goes back without the observation it made up, then the real one.
    expect(second!.messages.slice(-2)).toEqual([
      { role: 'assistant', content: 'Thought: I should compute.\nAction: calculator\nAction Input: 6 * 7' },
      { role: 'user', content: 'Observation: 42' },
    ]);
    const reply = res.events.final!.responseMessage;
    expect(toolSteps(reply.content)).toEqual([
      expect.objectContaining({ name: 'calculator', arguments: '{"expression":"6 * 7"}', output: '42' }),
    ]);
    expect(reply.text).toBe('It is 42.');
    // Only the answer streamed: none of the agent's thoughts or action lines reached the client.
    expect(res.events.deltas.join('')).toBe('It is 42.');
    const saved = (await messagesOf(app, res.events.final!.conversation.conversationId!)).at(-1)!;
    expect(saved.content).toEqual(reply.content);
  });

  it('with skipCompletion off, the chat model writes the reply from the tool results; the agent text is not shown', async () => {
    await start({
      balance: { pricing: 'tokens', registrationGift: { credits: 5_000_000, gpt3Uses: 0, gpt4Uses: 0 } },
    });
    const script = {
      steps: [{ reply: 'Let me compute. ', toolCalls: [calc('6 * 7')] }, { reply: 'Draft: 42.' }],
      // The agent runs on gpt-4o-mini; the chat's model answers the completion.
      byModel: { 'gpt-4o': { reply: 'Forty-two, computed for you.' } },
    };
    const res = await ask(app, 'gptPlugins', {
      ...fresh,
      temperature: 0.9,
      text: `Product? ${sim(script)}`,
      agentOptions: { agent: 'functions', model: 'gpt-4o-mini', temperature: 0, skipCompletion: false },
    });
    expect(res.status).toBe(200);
    const calls = modelCalls();
    expect(calls.map((b) => [b.model, b.temperature, b.tools !== undefined])).toEqual([
      ['gpt-4o-mini', 0, true],
      ['gpt-4o-mini', 0, true],
      ['gpt-4o', 0.9, false],
    ]);
    // The completion is told what the tool returned and the agent's draft, in its instructions.
    const told = instructionsOf(calls[2]!);
    expect(told).toContain('Tool calculator, input {"expression":"6 * 7"}, returned:\n42');
    expect(told).toContain('Draft: 42.');
    expect(res.events.error).toBeUndefined();
    const reply = res.events.final!.responseMessage;
    expect(reply.text).toBe('Forty-two, computed for you.');
    expect(res.events.deltas.join('')).toBe('Forty-two, computed for you.');
    expect(reply.content!.map((p) => p.type)).toEqual(['tool_call', 'text']);
    // Three model calls, three holds, each settled once at its own model.
    const db = app.database.db;
    expect(await entries(db, app.userId, 'hold')).toHaveLength(3);
    const settled = await entries(db, app.userId, 'settle');
    expect(settled.map((e) => e.model)).toEqual(['gpt-4o-mini', 'gpt-4o-mini', 'gpt-4o']);
    await expectLedgerMatches(db, app.userId);
  });
});
