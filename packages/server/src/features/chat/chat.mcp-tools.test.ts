import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID, pathOf } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { removeTempDirs } from '../../config/temp-config.test-helpers';
import { eventually, STDIO_SERVER } from '../tools/mcp/fixtures/mcp.test-helpers';
import { startTestHttpServer, type TestHttpServer } from '../tools/mcp/fixtures/http-server.test-helpers';
import { ask, messagesOf, post, sim, startChatApp, type ChatApp } from './chat.test-helpers';
import { callOf, mcpServersFromYaml, texts, toolSteps } from './chat-mcp.test-helpers';

// docs/reference/tools.md (MCP servers; A reply that uses tools): a user installs an MCP server's tool, selects it
// on a Plugins chat, and the model calls it through the real step loop.

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(async () => {
  await simulator.close();
  removeTempDirs();
});

const fresh = { parentMessageId: NIL_UUID, conversationId: null, model: 'gpt-4o' };
const modelCalls = () => simulator.requests().filter((r) => r.path.endsWith('/chat/completions'));

describe.each(testDialects())('a reply that calls MCP tools, on %s', (dialect) => {
  let app: ChatApp;
  let web: TestHttpServer;

  // One app for the file: its servers start once (a stdio process, two HTTP connections), and each test installs
  // and selects its own tool.
  beforeAll(async () => {
    web = await startTestHttpServer();
    app = await startChatApp(dialect, simulator, {
      // No title call in the background: the tests count the model's calls.
      titleConvo: false,
      mcpServers: mcpServersFromYaml(
        {
          math: { ...STDIO_SERVER, env: { ECHO_PREFIX: '> ' } },
          web: { type: 'streamable-http', url: web.url, headers: { Authorization: 'Bearer ${WEB_KEY}' } },
          mine: {
            type: 'streamable-http',
            url: web.url,
            headers: { 'X-User-Id': 'user:{{LIBRECHAT_USER_ID}}', 'X-Static': 'same' },
          },
        },
        { WEB_KEY: 'k-web-123456' },
      ),
    });
    await eventually(() =>
      expect(app.app.services.mcp.health()).toEqual({
        math: { state: 'connected', tools: 5 },
        web: { state: 'connected', tools: 4 },
        mine: { state: 'connected', tools: 4 },
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
    await web?.close();
  });

  /** Installs `key`, then asks with it selected, the model calling it once and then answering with its result. */
  async function askWith(key: string, input: Record<string, unknown>, token = app.token) {
    const installed = await post(app, token, pathOf('updateUserPlugins'), {
      pluginKey: key,
      action: 'install',
    });
    expect(installed.status).toBe(200);
    simulator.clearRequests();
    const script = {
      steps: [{ reply: 'Let me ask. ', toolCalls: [callOf(key, input)] }, { echoToolResults: true }],
    };
    const res = await ask(app, 'gptPlugins', { ...fresh, text: `Go ${sim(script)}`, tools: [key] }, token);
    expect(res.status).toBe(200);
    return res.events.final!;
  }

  /** The reply holds the step (its input and output) and the answer, streamed and saved alike. */
  async function expectStepAndAnswer(
    final: Awaited<ReturnType<typeof askWith>>,
    key: string,
    args: string,
    output: string,
    token = app.token,
  ) {
    const reply = final.responseMessage;
    expect(toolSteps(reply.content)).toEqual([
      { id: expect.any(String), type: 'function', name: key, arguments: args, output, progress: 1 },
    ]);
    // The model's second call got the tool's output, and answered with it.
    const [before, answer] = texts(reply.content);
    expect(before).toBe('Let me ask. ');
    expect(JSON.parse(answer!)).toEqual([{ id: expect.any(String), name: key, output }]);
    expect(reply).toMatchObject({ text: `Let me ask. ${answer}`, error: false, unfinished: false });
    const saved = (await messagesOf(app, final.conversation.conversationId!, token)).at(-1)!;
    expect(saved.content).toEqual(reply.content);
    expect(saved).toMatchObject({ text: reply.text, error: false, unfinished: false });
  }

  it('runs a stdio server`s tool: offered with the server`s description and schema, called, step and answer saved', async () => {
    const final = await askWith('add_mcp_math', { a: 2, b: 40 });
    await expectStepAndAnswer(final, 'add_mcp_math', '{"a":2,"b":40}', '42');
    const offered = (modelCalls()[0]!.body as { tools: unknown[] }).tools;
    expect(offered).toEqual([
      {
        type: 'function',
        function: {
          name: 'add_mcp_math',
          description: 'Adds two numbers.',
          parameters: expect.objectContaining({
            type: 'object',
            properties: { a: { type: 'number', description: 'the first number' }, b: { type: 'number' } },
            required: ['a', 'b'],
          }),
        },
      },
    ]);
    expect(modelCalls()).toHaveLength(2);
    // The server's env (from the YAML) reached the process the tool ran in.
    await expectStepAndAnswer(
      await askWith('echo_mcp_math', { text: 'hi' }),
      'echo_mcp_math',
      '{"text":"hi"}',
      '> hi',
    );
  });

  it('runs a streamable-HTTP server`s tool, with the headers of the YAML, step and answer saved', async () => {
    const seen = web.requests.length;
    const final = await askWith('add_mcp_web', { a: 5, b: 6 });
    await expectStepAndAnswer(final, 'add_mcp_web', '{"a":5,"b":6}', '11');
    const during = web.requests.slice(seen);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((headers) => headers.authorization === 'Bearer k-web-123456')).toBe(true);
  });

  it('fills {{LIBRECHAT_USER_ID}} in a server`s headers with the id of the user whose reply calls it', async () => {
    const other = await newUser(app.app);
    const as = async (token: string) => {
      const final = await askWith('whoami_mcp_mine', {}, token);
      const output = toolSteps(final.responseMessage.content)[0]!.output!;
      await expectStepAndAnswer(final, 'whoami_mcp_mine', '{}', output, token);
      return JSON.parse(output) as Record<string, string>;
    };
    expect(await as(app.token)).toMatchObject({ 'x-user-id': `user:${app.userId}`, 'x-static': 'same' });
    expect(await as(other.token)).toMatchObject({ 'x-user-id': `user:${other.user.id}`, 'x-static': 'same' });
    expect(await as(app.token)).toMatchObject({ 'x-user-id': `user:${app.userId}` });
  });
});
