import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import type { McpServersConfig } from '../../../config/mcp-servers.schema';
import { ToolError } from '../tool';
import {
  eventually,
  isRunning,
  recordingLogger,
  STDIO_SERVER,
  toolContext,
} from './fixtures/mcp.test-helpers';
import type { Backoff } from './backoff';
import { createMcpManager, type McpManager } from './mcp-manager';

const defaults = { timeout: 30_000, initTimeout: 10_000 };
const managers: McpManager[] = [];

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(managers.splice(0).map((m) => m.close()));
});

function start(servers: McpServersConfig, logger = recordingLogger(), backoff?: Backoff) {
  const manager = createMcpManager(servers, { logger, ...(backoff && { backoff }) });
  managers.push(manager);
  return { manager, logger };
}

const connected = (manager: McpManager, server: string) =>
  eventually(() => expect(manager.health()?.[server]?.state).toBe('connected'));

describe('MCP servers over stdio', () => {
  it('lists the tools as {tool}_mcp_{server} with their description and input schema, and calls them', async () => {
    const { manager } = start({ math: { ...STDIO_SERVER, env: { ECHO_PREFIX: '> ' }, ...defaults } });
    await connected(manager, 'math');
    expect(manager.tools().map((t) => t.key)).toEqual([
      'add_mcp_math',
      'echo_mcp_math',
      'pid_mcp_math',
      'grow_mcp_math',
      'crash_mcp_math',
    ]);
    const add = manager.tool('add_mcp_math')!;
    expect(add.description).toBe('Adds two numbers.');
    expect(z.toJSONSchema(add.input)).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number', description: 'the first number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    expect(add.input.safeParse({ a: 1 }).success).toBe(false);
    expect(await add.run({ a: 2, b: 40 }, toolContext())).toEqual({ output: '42' });
    // The server's env reaches its process.
    expect(await manager.tool('echo_mcp_math')!.run({ text: 'hi' }, toolContext())).toEqual({
      output: '> hi',
    });
    expect(manager.health()).toEqual({ math: { state: 'connected', tools: 5 } });
  });

  it('leaves no timer of its own running while a server is connected and idle (nothing polls it)', async () => {
    const pending = new Set<unknown>();
    const timers = {
      setTimeout: (callback: () => void, ms: number) => {
        const handle = setTimeout(() => {
          pending.delete(handle);
          callback();
        }, ms);
        pending.add(handle);
        return handle;
      },
      clearTimeout: (handle: unknown) => {
        pending.delete(handle);
        clearTimeout(handle as NodeJS.Timeout);
      },
    };
    const manager = createMcpManager(
      { math: { ...STDIO_SERVER, ...defaults } },
      { logger: recordingLogger(), timers },
    );
    managers.push(manager);
    // The start-up deadline runs while it connects, and is cleared once the tools are listed.
    expect(pending.size).toBe(1);
    await connected(manager, 'math');
    expect(pending.size).toBe(0);
    expect(await manager.tool('add_mcp_math')!.run({ a: 1, b: 1 }, toolContext())).toEqual({ output: '2' });
    expect(pending.size).toBe(0);
  });

  it('refreshes the cached list when the server says its tools changed', async () => {
    const { manager } = start({ math: { ...STDIO_SERVER, ...defaults } });
    await connected(manager, 'math');
    await manager.tool('grow_mcp_math')!.run({}, toolContext());
    await eventually(() => expect(manager.tool('extra1_mcp_math')).toBeDefined());
    expect(await manager.tool('extra1_mcp_math')!.run({}, toolContext())).toEqual({ output: 'extra 1' });
  });

  it('reports a server whose command does not exist as down, with the reason, and the others still work', async () => {
    const { manager, logger } = start({
      broken: { command: 'parley-no-such-command', env: { SECRET: 'hunter2-secret' }, ...defaults },
      math: { ...STDIO_SERVER, ...defaults },
    });
    await eventually(() => expect(manager.health()?.broken?.state).toBe('down'));
    await connected(manager, 'math');
    expect(manager.health()?.broken).toEqual({
      state: 'down',
      tools: 0,
      error: expect.stringContaining('ENOENT'),
    });
    expect(logger.warnings[0]?.details).toMatchObject({
      mcpServer: 'broken',
      reason: expect.stringContaining('ENOENT'),
    });
    expect(JSON.stringify(logger.warnings)).not.toContain('hunter2-secret');
    expect(await manager.tool('add_mcp_math')!.run({ a: 1, b: 1 }, toolContext())).toEqual({ output: '2' });
    // A key names the down server whatever its tool (its tools are not known while it is down); a connected
    // server's keys and other keys name none.
    expect(manager.offlineServerOf('anything_mcp_broken')).toBe('broken');
    expect(manager.offlineServerOf('_mcp_broken')).toBeUndefined();
    expect(manager.offlineServerOf('add_mcp_math')).toBeUndefined();
    expect(manager.offlineServerOf('add_mcp_other')).toBeUndefined();
  });

  it('gives up on a server that does not answer within initTimeout, and ends its process', async () => {
    const silent = {
      command: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000); // stdio-server.mjs'],
    };
    // No retry within the test: each would start another process.
    const { manager } = start(
      { silent: { ...silent, timeout: 30_000, initTimeout: 300 } },
      recordingLogger(),
      {
        baseMs: 60_000,
        maxMs: 60_000,
      },
    );
    await eventually(() => expect(manager.health()?.silent?.state).toBe('down'));
    expect(manager.health()?.silent?.error).toContain('0.3 s');
    await eventually(() => expect(serverChildren()).toEqual([]));
  });

  it('marks a server whose process dies as down, and reconnects it after the backoff', async () => {
    const { manager, logger } = start({ math: { ...STDIO_SERVER, ...defaults } });
    await connected(manager, 'math');
    const pid = Number((await manager.tool('pid_mcp_math')!.run({}, toolContext())).output);
    // Only the retry's timer is faked: the process and its pipes run on real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    process.kill(pid, 'SIGKILL');
    await eventually(() => expect(manager.health()?.math?.state).toBe('down'));
    expect(manager.tools()).toEqual([]);
    expect(logger.warnings.at(-1)?.details).toMatchObject({ mcpServer: 'math', retryInMs: 1000 });
    expect(manager.tool('add_mcp_math')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(999);
    expect(manager.health()?.math?.state).toBe('down');
    await vi.advanceTimersByTimeAsync(1);
    await connected(manager, 'math');
    const newPid = Number((await manager.tool('pid_mcp_math')!.run({}, toolContext())).output);
    expect(newPid).not.toBe(pid);
  });

  it('keeps a server that cannot start down, with its reason, while it is tried again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-mcp-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const refuse = join(dir, 'refuse');
    writeFileSync(refuse, '');
    // Only the retry's timer is faked: the processes and their pipes run on real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { manager, logger } = start({
      math: { ...STDIO_SERVER, env: { REFUSE_START_IF: refuse }, ...defaults },
    });
    await eventually(() => expect(manager.health()?.math?.state).toBe('down'));
    const down = manager.health()?.math;
    expect(down).toEqual({
      state: 'down',
      tools: 0,
      error: expect.stringContaining('cannot start: the test made'),
    });
    // The retry starts another process, which refuses too; meanwhile the server is still down, not "connecting".
    await vi.advanceTimersByTimeAsync(1000);
    expect(manager.health()?.math).toEqual(down);
    expect(manager.tool('add_mcp_math')).toBeUndefined();
    await eventually(() => expect(logger.warnings).toHaveLength(2));
    expect(logger.warnings[1]?.details).toMatchObject({ mcpServer: 'math', retryInMs: 2000 });
    expect(manager.health()?.math).toMatchObject({ state: 'down', tools: 0 });
  });

  it('ends the server processes when it closes', async () => {
    const { manager } = start({ math: { ...STDIO_SERVER, ...defaults } });
    await connected(manager, 'math');
    const pid = Number((await manager.tool('pid_mcp_math')!.run({}, toolContext())).output);
    expect(isRunning(pid)).toBe(true);
    await manager.close();
    await eventually(() => expect(isRunning(pid)).toBe(false));
    expect(manager.tools()).toEqual([]);
  });

  it('ends a server process still starting when it closes', async () => {
    const { manager } = start({ math: { ...STDIO_SERVER, ...defaults } });
    await manager.close();
    expect(manager.health()?.math?.state).not.toBe('connected');
    await eventually(() => expect(serverChildren()).toEqual([]));
  });

  it('turns a call to a server that is not connected into a ToolError', async () => {
    const { manager } = start({ math: { ...STDIO_SERVER, ...defaults } });
    await connected(manager, 'math');
    const add = manager.tool('add_mcp_math')!;
    await manager.close();
    await expect(add.run({ a: 1, b: 1 }, toolContext())).rejects.toThrow(ToolError);
  });
});

/** This test process's children that run the test server. */
function serverChildren(): string[] {
  const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return lines.split('\n').filter((line) => line.includes('stdio-server.mjs'));
}
