import { startSim, type Sim } from '@parley/sim';
import { API, NIL_UUID, type ContentPart } from '@parley/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sseReader } from '../../lib/sse.test-helpers';
import {
  ask,
  edit,
  messagesOf,
  parseEvents,
  post,
  sim,
  startChatApp,
  type ChatApp,
} from './chat.test-helpers';
import { entries, expectLedgerMatches } from '../balance/balance.test-helpers';
import { installPlugin } from './chat-tools.test-helpers';
import { TOOL_MESSAGES } from './tool-refusals';

// docs/reference/tools.md (A reply that uses tools): the model calls tools, gets their results, and answers.

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

const fresh = { parentMessageId: NIL_UUID, conversationId: null, model: 'gpt-4o' };
const calc = (expression: string) => ({ name: 'calculator', input: { expression } });
type ToolCallPart = Extract<ContentPart, { type: 'tool_call' }>;
const toolSteps = (content: ContentPart[] | undefined) =>
  (content ?? []).filter((p): p is ToolCallPart => p.type === 'tool_call').map((p) => p.tool_call);
const texts = (content: ContentPart[] | undefined) =>
  (content ?? []).filter((p) => p.type === 'text').map((p) => (p as { text: { value: string } }).text.value);

describe.each(testDialects())('a reply that uses tools, on %s', (dialect) => {
  let app: ChatApp;
  afterEach(async () => app?.close());

  async function start() {
    app = await startChatApp(dialect, simulator);
    const installed = await installPlugin(app, 'calculator');
    expect(installed.status).toBe(200);
    simulator.clearRequests();
  }

  it('runs the tool the model called, gives it the result, and saves the steps and the answer', async () => {
    await start();
    const script = {
      steps: [{ reply: 'Let me count. ', toolCalls: [calc('2 + 2')] }, { echoToolResults: true }],
    };
    const res = await ask(app, 'gptPlugins', {
      ...fresh,
      text: `What is 2+2? ${sim(script)}`,
      tools: ['calculator'],
    });
    expect(res.status).toBe(200);
    // The step streams as a part: running, then done with its output.
    const parts = res.events.messages.filter((m) => m['type'] === 'tool_call');
    expect(parts.map((p) => (p['tool_call'] as { progress: number }).progress)).toEqual([0, 1]);
    expect(parts[1]).toMatchObject({ index: 1, tool_call: { name: 'calculator', output: '4' } });
    // The model got the result in its next call.
    const calls = simulator.requests().filter((r) => r.path.endsWith('/chat/completions'));
    expect(calls).toHaveLength(2);
    expect(JSON.stringify(calls[1]!.body)).toContain('"content":"4"');
    const reply = res.events.final!.responseMessage;
    expect(toolSteps(reply.content)).toEqual([
      {
        id: expect.any(String),
        type: 'function',
        name: 'calculator',
        arguments: '{"expression":"2 + 2"}',
        output: '4',
        progress: 1,
      },
    ]);
    expect(texts(reply.content)[0]).toBe('Let me count. ');
    expect(reply.text).toBe(texts(reply.content).join(''));
    expect(reply.text).toContain('"output":"4"');
    // Saved as streamed: a reload shows the same parts.
    const saved = (await messagesOf(app, res.events.final!.conversation.conversationId!)).at(-1)!;
    expect(saved.content).toEqual(reply.content);
    expect(saved).toMatchObject({ text: reply.text, unfinished: false, error: false });
  });

  it("sends earlier steps back as calls and results when tools are offered, else only the reply's text", async () => {
    await start();
    const script = { steps: [{ toolCalls: [calc('2 + 2')] }, { reply: 'It is 4.' }] };
    const first = await ask(app, 'gptPlugins', {
      ...fresh,
      text: `Sum ${sim(script)}`,
      tools: ['calculator'],
    });
    const { conversationId } = first.events.final!.conversation;
    const next = (endpoint: string, text: string) =>
      ask(app, endpoint, {
        conversationId,
        parentMessageId: first.events.final!.responseMessage.messageId,
        model: 'gpt-4o',
        text: `${text} ${sim({ reply: 'OK.' })}`,
        tools: ['calculator'],
      });
    simulator.clearRequests();
    expect((await next('gptPlugins', 'And again?')).status).toBe(200);
    const sentWith = (marker: string) =>
      simulator.requests().find((r) => JSON.stringify(r.body).includes(marker))!.body as {
        messages: { role: string; content: unknown }[];
      };
    const withTools = sentWith('And again?');
    expect(withTools.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
    expect(withTools.messages[2]).toMatchObject({ role: 'tool', content: '4' });
    simulator.clearRequests();
    expect((await next('openAI', 'Plain now')).status).toBe(200);
    const plain = sentWith('Plain now');
    expect(plain.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(plain.messages[1]!.content).toBe('It is 4.');
  });

  it('continues a reply that used tools after its steps, keeping them', async () => {
    await start();
    const script = { steps: [{ toolCalls: [calc('2 + 2')] }, { reply: 'It is' }] };
    const first = await ask(app, 'gptPlugins', {
      ...fresh,
      text: `Sum ${sim(script)}`,
      tools: ['calculator'],
    });
    const { requestMessage, responseMessage, conversation } = first.events.final!;
    const more = await edit(app, 'gptPlugins', {
      text: '',
      isContinued: true,
      conversationId: conversation.conversationId,
      parentMessageId: requestMessage.messageId,
      responseMessageId: responseMessage.messageId,
      model: 'gpt-4o',
      tools: ['calculator'],
    });
    expect(more.status).toBe(200);
    const reply = more.events.final!.responseMessage;
    expect(reply.messageId).toBe(responseMessage.messageId);
    expect(toolSteps(reply.content).map((s) => s.output)).toEqual(['4']);
    expect(texts(reply.content)[0]!.startsWith('It is')).toBe(true);
    expect(texts(reply.content)[0]!.length).toBeGreaterThan('It is'.length);
    const saved = (await messagesOf(app, conversation.conversationId!)).at(-1)!;
    expect(saved.content).toEqual(reply.content);
  });

  it('runs parallel calls together, and a failing tool is a step the model reads, not the end of the reply', async () => {
    await start();
    const script = { steps: [{ toolCalls: [calc('3 * 7'), calc('2 +')] }, { echoToolResults: true }] };
    const res = await ask(app, 'gptPlugins', {
      ...fresh,
      text: `Two sums ${sim(script)}`,
      tools: ['calculator'],
    });
    const reply = res.events.final!.responseMessage;
    const [good, bad] = toolSteps(reply.content);
    expect(good!.output).toBe('21');
    expect(bad!.output).toMatch(/^error processing tool calculator: /);
    expect(reply.text).toContain('error processing tool calculator');
    expect(reply.error).toBe(false);
  });

  it('stops at TOOL_STEP_LIMIT model calls', async () => {
    app = await startChatApp(dialect, simulator, { toolStepLimit: 2 });
    await installPlugin(app, 'calculator');
    simulator.clearRequests();
    const script = {
      steps: [{ toolCalls: [calc('1+1')] }, { toolCalls: [calc('2+2')] }, { toolCalls: [calc('3+3')] }],
    };
    const res = await ask(app, 'gptPlugins', {
      ...fresh,
      text: `Loop ${sim(script)}`,
      tools: ['calculator'],
    });
    expect(res.status).toBe(200);
    expect(simulator.requests().filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(2);
    expect(toolSteps(res.events.final!.responseMessage.content).map((s) => s.output)).toEqual(['2']);
  });

  it('refuses, before anything is saved, a tool not installed, an unknown tool, and a model that cannot call tools', async () => {
    app = await startChatApp(dialect, simulator);
    const refusals = [
      [{ tools: ['calculator'] }, TOOL_MESSAGES.notInstalled('Calculator')],
      [{ tools: ['nothing-here'] }, TOOL_MESSAGES.unknown('nothing-here')],
      [
        { tools: ['calculator'], model: 'gpt-3.5-turbo-instruct' },
        TOOL_MESSAGES.model('gpt-3.5-turbo-instruct'),
      ],
    ] as const;
    await installPlugin(app, 'web-browser');
    simulator.clearRequests();
    for (const [body, message] of refusals) {
      const res = await ask(app, 'gptPlugins', { ...fresh, text: 'Hi', ...body });
      expect({ status: res.status, body: JSON.parse(res.body) }).toEqual({
        status: 400,
        body: { code: 'VALIDATION', message, field: 'tools' },
      });
    }
    expect(simulator.requests()).toEqual([]);
  });

  it('runs no tool on an endpoint other than Plugins, whatever the conversation selected', async () => {
    await start();
    const res = await ask(app, 'openAI', {
      ...fresh,
      text: `Plain ${sim({ reply: 'Just text.' })}`,
      tools: ['calculator'],
    });
    expect(res.status).toBe(200);
    expect(res.events.final!.responseMessage.text).toBe('Just text.');
    expect(JSON.stringify(simulator.requests()[0]!.body)).not.toContain('"tools"');
  });
});

// docs/reference/balance.md (A call): each model call of a reply that uses tools is a call of its own on the ledger.
describe.each(testDialects())('billing a reply that uses tools, on %s', (dialect) => {
  let app: ChatApp;
  afterEach(async () => app?.close());

  it('holds and settles each model call once, and the ledger adds up', async () => {
    app = await startChatApp(dialect, simulator, {
      balance: { pricing: 'tokens', registrationGift: { credits: 5_000_000, gpt3Uses: 0, gpt4Uses: 0 } },
      titleConvo: false,
    });
    await installPlugin(app, 'calculator');
    const script = {
      steps: [{ toolCalls: [calc('1 + 2')] }, { toolCalls: [calc('3 + 4')] }, { reply: 'Done.' }],
    };
    const res = await ask(app, 'gptPlugins', {
      ...fresh,
      text: `Sums ${sim(script)}`,
      tools: ['calculator'],
    });
    expect(res.events.final!.responseMessage.text).toBe('Done.');
    const db = app.database.db;
    expect(await entries(db, app.userId, 'hold')).toHaveLength(3);
    const settled = await entries(db, app.userId, 'settle');
    expect(settled).toHaveLength(3);
    expect(settled.every((e) => e.reason.startsWith('charged '))).toBe(true);
    await expectLedgerMatches(db, app.userId);
  });

  it('refuses the next call when the first spent the balance: the first is settled, the reply ends there', async () => {
    // One call's price and one unit short of a second: the first call's settlement leaves too little to hold the next.
    app = await startChatApp(dialect, simulator, {
      balance: {
        pricing: 'call',
        callCost: { 'gpt-4': 20_000 },
        registrationGift: { credits: 39_999, gpt3Uses: 0, gpt4Uses: 0 },
      },
      titleConvo: false,
    });
    await installPlugin(app, 'calculator');
    simulator.clearRequests();
    const script = { steps: [{ reply: 'Counting. ', toolCalls: [calc('1 + 2')] }, { reply: 'Three.' }] };
    const res = await ask(app, 'gptPlugins', { ...fresh, text: `Sum ${sim(script)}`, tools: ['calculator'] });
    expect(res.status).toBe(200);
    expect([res.events.error?.error, res.events.final]).toEqual([true, undefined]);
    // The next call was never made.
    expect(simulator.requests()).toHaveLength(1);
    const db = app.database.db;
    expect(await entries(db, app.userId, 'hold')).toHaveLength(1);
    const settled = await entries(db, app.userId, 'settle');
    expect(settled.map((e) => [e.reason, Number(e.credits)])).toEqual([['charged 20000 for gpt-4o', 0]]);
    await expectLedgerMatches(db, app.userId);
    // The step the first call asked for ran and was saved with the reply.
    const [reply] = (await messagesOf(app, res.events.error!.conversationId!)).filter(
      (m) => !m.isCreatedByUser,
    );
    expect(toolSteps(reply!.content)).toEqual([expect.objectContaining({ name: 'calculator', output: '3' })]);
  });
});

/** A promise and its resolver (Node 20 has no Promise.withResolvers). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

// docs/reference/tools.md (A reply that uses tools): Stop ends the model and every running tool.
describe.each(testDialects())('stopping a reply while its tool runs, on %s', (dialect) => {
  let app: ChatApp;
  let service: Server;
  afterEach(async () => {
    await app?.close();
    service?.closeAllConnections();
    await new Promise((resolve) => service?.close(resolve));
  });

  it('stops the tool (its request is dropped), keeps the step as stopped, and ends with the final event', async () => {
    // A search service that takes the request and never answers, until the tool lets it go.
    const arrived = deferred();
    const dropped = deferred();
    service = createServer((req) => {
      arrived.resolve();
      req.socket.on('close', () => dropped.resolve());
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const { port } = service.address() as AddressInfo;
    app = await startChatApp(dialect, simulator, {
      pluginEnv: { SEARXNG_INSTANCE_URL: `http://127.0.0.1:${port}` },
      balance: { pricing: 'tokens', registrationGift: { credits: 5_000_000, gpt3Uses: 0, gpt4Uses: 0 } },
    });
    expect((await installPlugin(app, 'searxng_search')).status).toBe(200);
    const script = {
      steps: [{ toolCalls: [{ name: 'searxng_search', input: { query: 'parley' } }] }, { reply: 'x' }],
    };
    const res = await post(app, app.token, `${API.ask}/gptPlugins`, {
      ...fresh,
      text: `Search ${sim(script)}`,
      tools: ['searxng_search'],
    });
    const reader = sseReader(res.body!);
    const created = JSON.parse((await reader.next())!.data!) as { message: { conversationId: string } };
    await arrived.promise;
    const abort = await post(app, app.token, `${API.ask}/gptPlugins/abort`, {
      abortKey: `${created.message.conversationId}:x`,
    });
    expect(abort.status).toBe(200);
    await dropped.promise;
    const { final } = parseEvents(await reader.rest());
    const reply = final!.responseMessage;
    expect(reply.unfinished).toBe(true);
    expect(toolSteps(reply.content)).toEqual([
      expect.objectContaining({
        name: 'searxng_search',
        output: 'error processing tool searxng_search: stopped before it finished',
        progress: 1,
      }),
    ]);
    const saved = (await messagesOf(app, created.message.conversationId)).at(-1)!;
    expect(saved.content).toEqual(reply.content);
    // The model call that asked for the tool had ended: charged as the finished call it was, not given back.
    const settled = await entries(app.database.db, app.userId, 'settle');
    expect(settled.map((e) => e.reason.split(' ')[0])).toEqual(['charged']);
    await expectLedgerMatches(app.database.db, app.userId);
  });
});
