import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID, pathOf, type Health, type PluginListEntry } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { removeTempDirs } from '../../config/temp-config.test-helpers';
import { eventually, STDIO_SERVER } from '../tools/mcp/fixtures/mcp.test-helpers';
import { ask, get, sim, startChatApp, type ChatApp } from './chat.test-helpers';
import { installPlugin } from './chat-tools.test-helpers';
import { callOf, mcpServersFromYaml, recordedLog, toolSteps } from './chat-mcp.test-helpers';
import { TOOL_MESSAGES } from './tool-refusals';

// docs/reference/tools.md (MCP servers): a server that is down is reported and never harms the others; its tools
// are refused before a send while it is down, and a call that finds it gone is a failed step the reply goes on after.

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(async () => {
  await simulator.close();
  removeTempDirs();
});

const fresh = { parentMessageId: NIL_UUID, conversationId: null, model: 'gpt-4o' };
const REFUSED = 'cannot start: the test made this server refuse';

describe.each(testDialects())('an MCP server that is down, on %s', (dialect) => {
  let app: ChatApp;
  let dir: string;
  const log = recordedLog();

  // One app for the file, with three servers of the stdio fixture: `math`; `broken`, which refuses to start (its
  // file `refuse-broken` exists from the start); and `flaky`, which refuses only once a test creates
  // `refuse-flaky`, to keep it down after it crashed.
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parley-mcp-down-'));
    writeFileSync(join(dir, 'refuse-broken'), '');
    app = await startChatApp(dialect, simulator, {
      // No title call in the background: the tests count the model's calls.
      titleConvo: false,
      mcpServers: mcpServersFromYaml({
        math: STDIO_SERVER,
        broken: { ...STDIO_SERVER, env: { REFUSE_START_IF: join(dir, 'refuse-broken') } },
        flaky: { ...STDIO_SERVER, env: { REFUSE_START_IF: join(dir, 'refuse-flaky') } },
      }),
      logger: log.logger,
    });
    await eventually(() =>
      expect(app.app.services.mcp.health()).toMatchObject({
        math: { state: 'connected' },
        broken: { state: 'down' },
        flaky: { state: 'connected' },
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const health = async () => (await (await get(app, app.token, '/health')).json()) as Health;
  const askWith = (tools: string[], script: Record<string, unknown>) =>
    ask(app, 'gptPlugins', { ...fresh, text: `Go ${sim(script)}`, tools });

  it('reports a server that cannot start in the log and /health; replies with other tools still run', async () => {
    expect(await health()).toMatchObject({
      status: 'ok',
      mcp: {
        math: { state: 'connected', tools: 5 },
        broken: { state: 'down', tools: 0, error: expect.stringContaining(REFUSED) },
      },
    });
    expect(log.lines.find((l) => l['mcpServer'] === 'broken')).toMatchObject({
      level: 40,
      msg: 'MCP server is down',
      reason: expect.stringContaining(REFUSED),
      retryInMs: 1000,
    });
    // The store lists what works, and a tool of the down server cannot be installed.
    const store = (await (await get(app, app.token, pathOf('listPlugins'))).json()) as PluginListEntry[];
    expect(store.filter((p) => p.pluginKey.endsWith('_mcp_broken'))).toEqual([]);
    expect(store.filter((p) => p.pluginKey.endsWith('_mcp_math'))).toHaveLength(5);
    expect((await installPlugin(app, 'add_mcp_broken')).status).toBe(400);

    expect((await installPlugin(app, 'add_mcp_math')).status).toBe(200);
    expect((await installPlugin(app, 'calculator')).status).toBe(200);
    const script = {
      steps: [
        {
          toolCalls: [callOf('add_mcp_math', { a: 1, b: 2 }), callOf('calculator', { expression: '2 * 2' })],
        },
      ],
      reply: 'Three and four.',
    };
    const res = await askWith(['add_mcp_math', 'calculator'], script);
    expect(res.status).toBe(200);
    const reply = res.events.final!.responseMessage;
    expect(toolSteps(reply.content).map((s) => [s.name, s.output])).toEqual([
      ['add_mcp_math', '3'],
      ['calculator', '4'],
    ]);
    expect(reply).toMatchObject({ text: 'Three and four.', error: false });
  });

  it('makes a call that finds its server gone a failed step the reply goes on after, then refuses its tools', async () => {
    for (const key of ['crash_mcp_flaky', 'add_mcp_flaky', 'add_mcp_math']) {
      expect((await installPlugin(app, key)).status).toBe(200);
    }
    // From now on the server cannot come back: its next starts refuse.
    writeFileSync(join(dir, 'refuse-flaky'), '');
    const script = {
      steps: [
        // `crash` ends the server's process during its call; `add` of the other server runs beside it.
        { toolCalls: [callOf('crash_mcp_flaky'), callOf('add_mcp_math', { a: 1, b: 2 })] },
        // The next call to the same server finds it down.
        { toolCalls: [callOf('add_mcp_flaky', { a: 1, b: 1 })] },
      ],
      reply: 'Done anyway.',
    };
    const selected = ['crash_mcp_flaky', 'add_mcp_flaky', 'add_mcp_math'];
    const res = await askWith(selected, script);
    expect(res.status).toBe(200);
    const reply = res.events.final!.responseMessage;
    const steps = toolSteps(reply.content);
    expect(steps.map((s) => [s.name, s.progress])).toEqual([
      ['crash_mcp_flaky', 1],
      ['add_mcp_math', 1],
      ['add_mcp_flaky', 1],
    ]);
    expect(steps[0]!.output).toBe(
      'error processing tool crash_mcp_flaky: crash (MCP server flaky) is unreachable: MCP error -32000: Connection closed',
    );
    expect(steps[1]!.output).toBe('3');
    expect(steps[2]!.output).toMatch(/^error processing tool add_mcp_flaky: MCP server flaky is down: /);
    expect(reply).toMatchObject({ text: 'Done anyway.', error: false, unfinished: false });
    expect((await health()).mcp?.['flaky']).toMatchObject({ state: 'down', tools: 0 });

    // While it is down, a send that selected one of its tools is refused before anything is saved…
    simulator.clearRequests();
    const refused = await askWith(selected, { reply: 'never' });
    expect({ status: refused.status, body: JSON.parse(refused.body) }).toEqual({
      status: 400,
      body: {
        code: 'VALIDATION',
        message: TOOL_MESSAGES.mcpOffline('crash (flaky)', 'flaky'),
        field: 'tools',
      },
    });
    expect(simulator.requests()).toEqual([]);
    // …and one with the other server's tool still runs.
    const other = await askWith(['add_mcp_math'], {
      steps: [{ toolCalls: [callOf('add_mcp_math', { a: 2, b: 2 })] }],
    });
    expect(toolSteps(other.events.final!.responseMessage.content).map((s) => s.output)).toEqual(['4']);
  });
});
