import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadWithYaml, removeTempDirs } from '../../../config/temp-config.test-helpers';
import { ToolError } from '../tool';
import { eventually, recordingLogger, toolContext } from './fixtures/mcp.test-helpers';
import { startTestHttpServer, type TestHttpServer } from './fixtures/http-server.test-helpers';
import { createMcpManager, type McpManager } from './mcp-manager';

let server: TestHttpServer;
const managers: McpManager[] = [];

beforeEach(async () => {
  server = await startTestHttpServer();
});

afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
  await server.close();
  removeTempDirs();
});

/** A manager for the servers as a parley.yaml gives them, `${VAR}` read from `env`. */
function startFromYaml(mcpServers: unknown, env: Record<string, string> = {}) {
  const { config } = loadWithYaml(stringify({ version: '1.0.3', mcpServers }), env);
  const logger = recordingLogger();
  const manager = createMcpManager(config.yaml?.mcpServers, { logger });
  managers.push(manager);
  return { manager, logger };
}

const connected = (manager: McpManager, name: string) =>
  eventually(() => expect(manager.health()?.[name]?.state).toBe('connected'));

describe('MCP servers over streamable HTTP', () => {
  it('lists and calls the tools, sending headers with ${VAR} read from the environment', async () => {
    const { manager } = startFromYaml(
      {
        web: {
          type: 'streamable-http',
          url: server.url,
          headers: { Authorization: 'Bearer ${MCP_TEST_KEY}' },
        },
      },
      { MCP_TEST_KEY: 'k-123456' },
    );
    await connected(manager, 'web');
    expect(manager.tools().map((t) => t.key)).toEqual([
      'add_mcp_web',
      'whoami_mcp_web',
      'fail_mcp_web',
      'wait_mcp_web',
    ]);
    expect(await manager.tool('add_mcp_web')!.run({ a: 1, b: 2 }, toolContext())).toEqual({ output: '3' });
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.every((headers) => headers.authorization === 'Bearer k-123456')).toBe(true);
  });

  it('turns an isError result into a ToolError with the tool`s text', async () => {
    const { manager } = startFromYaml({ web: { type: 'streamable-http', url: server.url } });
    await connected(manager, 'web');
    const run = manager.tool('fail_mcp_web')!.run({}, toolContext());
    await expect(run).rejects.toThrow(ToolError);
    await expect(run).rejects.toThrow('the tool broke on purpose');
    // A tool's own failure is not the server's: it stays connected.
    expect(manager.health()?.web?.state).toBe('connected');
  });

  it('cancels a call past the timeout and answers a ToolError', async () => {
    const { manager } = startFromYaml({ web: { type: 'streamable-http', url: server.url, timeout: 300 } });
    await connected(manager, 'web');
    const run = manager.tool('wait_mcp_web')!.run({ tag: 'slow' }, toolContext());
    await expect(run).rejects.toThrow(ToolError);
    await expect(run).rejects.toThrow('did not answer within 0.3 s');
    await eventually(() => expect(server.cancelled).toEqual(['slow']));
    expect(manager.health()?.web?.state).toBe('connected');
  });

  it('cancels a call when the run`s signal aborts, throwing the abort rather than a tool error', async () => {
    const { manager } = startFromYaml({ web: { type: 'streamable-http', url: server.url } });
    await connected(manager, 'web');
    const stop = new AbortController();
    const run = manager.tool('wait_mcp_web')!.run({ tag: 'stopped' }, toolContext('user-1', stop.signal));
    await eventually(() => expect(server.started).toEqual(['stopped']));
    stop.abort(new Error('the reply was stopped'));
    await expect(run).rejects.toThrow('the reply was stopped');
    await expect(run).rejects.not.toBeInstanceOf(ToolError);
    await eventually(() => expect(server.cancelled).toEqual(['stopped']));
  });

  it('sends {{LIBRECHAT_USER_ID}} headers with the id of the user each call is for', async () => {
    const { manager } = startFromYaml({
      mine: {
        type: 'streamable-http',
        url: server.url,
        headers: { 'X-User-Id': 'user:{{LIBRECHAT_USER_ID}}', 'X-Static': 'same' },
      },
    });
    await connected(manager, 'mine');
    // The list is read by a connection that belongs to nobody: the per-user header is left out.
    expect(server.requests.every((headers) => headers['x-user-id'] === undefined)).toBe(true);
    const whoami = manager.tool('whoami_mcp_mine')!;
    const seen = async (userId: string) =>
      JSON.parse((await whoami.run({}, toolContext(userId))).output) as Record<string, string>;
    expect(await seen('alice')).toMatchObject({ 'x-user-id': 'user:alice', 'x-static': 'same' });
    expect(await seen('bob')).toMatchObject({ 'x-user-id': 'user:bob' });
    expect(await seen('alice')).toMatchObject({ 'x-user-id': 'user:alice' });
  });

  it('marks a server that stops answering as down, without its header secrets in the reason', async () => {
    const { manager, logger } = startFromYaml(
      { web: { type: 'streamable-http', url: server.url, headers: { 'X-Key': '${MCP_TEST_KEY}' } } },
      { MCP_TEST_KEY: 'k-123456' },
    );
    await connected(manager, 'web');
    const add = manager.tool('add_mcp_web')!;
    await server.close();
    await expect(add.run({ a: 1, b: 2 }, toolContext())).rejects.toThrow(ToolError);
    expect(manager.health()?.web).toMatchObject({ state: 'down', tools: 0, error: expect.any(String) });
    expect(logger.warnings.at(-1)?.details).toMatchObject({ mcpServer: 'web', retryInMs: 1000 });
    expect(JSON.stringify(logger.warnings)).not.toContain('k-123456');
  });
});
