import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Health } from '@parley/shared';
import { mcpServersSchema, type McpServersConfig } from '../../packages/server/src/config/mcp-servers.schema';
import { ROOT, sleep } from './chat-app';

// Shared by the MCP benches (mcp-idle, mcp-plugin-list): MCP servers of the server tests' stdio fixture, waiting
// for them on /health as an operator would, and what the kernel says their processes did.

/** The server tests' stdio MCP server: five tools (add, echo, pid, grow, crash), no timers of its own. */
export const STDIO_FIXTURE = join(ROOT, 'packages/server/src/features/tools/mcp/fixtures/stdio-server.mjs');

/** Loaded before a stdio server: notes what passes between it and Parley (bench/lib/stdio-tap.mjs). */
const TAP = join(ROOT, 'bench/lib/stdio-tap.mjs');

/**
 * `count` stdio servers of the fixture, named `s1`, `s2`, …, as the config loader reads them; with `tapFile`, each
 * appends what passes between it and Parley to that file.
 */
export function stdioServers(count: number, tapFile?: string): McpServersConfig {
  const server = tapFile
    ? { command: process.execPath, args: ['--import', TAP, STDIO_FIXTURE], env: { MCP_TAP_FILE: tapFile } }
    : { command: process.execPath, args: [STDIO_FIXTURE] };
  const servers = Object.fromEntries(Array.from({ length: count }, (_, i) => [`s${i + 1}`, server]));
  return mcpServersSchema.parse(servers);
}

/** The size of a tap file: the bytes that passed so far (none when nothing did). */
export function tapped(tapFile: string): number {
  return existsSync(tapFile) ? statSync(tapFile).size : 0;
}

/** Polls `GET /health` until every named server is connected; throws with the last answer after `timeoutMs`. */
export async function waitConnected(base: string, names: string[], timeoutMs = 30_000): Promise<Health> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const health = (await (await fetch(new URL('/health', base))).json()) as Health;
    if (names.every((name) => health.mcp?.[name]?.state === 'connected')) return health;
    if (performance.now() > end) throw new Error(`MCP servers not connected: ${JSON.stringify(health.mcp)}`);
    await sleep(50);
  }
}

/** The children of process `pid` whose command line contains `marker` (the stdio servers a server started). */
export function childPidsOf(pid: number, marker: string): number[] {
  const pids: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ').map(Number) : []) {
      if (readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(marker)) pids.push(child);
    }
  }
  return pids;
}

/**
 * CPU time of every thread of a process, in ns (/proc/{pid}/task/{tid}/schedstat's first field: the scheduler's
 * own count, where /proc/{pid}/stat counts 10 ms ticks, too coarse for a process that should use none). Threads
 * that ended during a window are not counted: an idle process starts none.
 */
export function procCpuNs(pid: number): number {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
  }
  return ns;
}
