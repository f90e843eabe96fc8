import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { stringify } from 'yaml';
import type { DialectName } from '../packages/server/src/db/database';
import { sleep } from './lib/chat-app';
import {
  childPidsOf,
  procCpuNs,
  STDIO_FIXTURE,
  stdioServers,
  tapped,
  waitConnected,
} from './lib/mcp-servers';
import { ms, progress, type BenchResult } from './lib/stats';

const WINDOW_MS = Number(process.env.BENCH_MCP_IDLE_MS ?? 30_000);
/**
 * Left alone before measuring. A Node process goes on collecting garbage for a while after its last work: the stdio
 * server (a Node program) spends some 1.5 ms every 10 s for up to two minutes after its start, with nothing sent to
 * it, and Parley's idle collection (lib/idle-gc.ts) runs once, some time within the first minute of idleness. That
 * is the start's cost, not idleness.
 */
const SETTLE_MS = Number(process.env.BENCH_MCP_SETTLE_MS ?? 120_000);
/** ~0, written as under 1 ms of CPU per 10 s idle (0.01 % of one core): less than one wake-up of a Node process here. */
const BUDGET_MS_PER_10S = 1;

/**
 * An idle MCP stdio server costs no CPU (docs/reference/tools.md (MCP servers), "Nothing polls a server"). Two compiled
 * servers (dist/main.js, as production runs it), started together: one without MCP servers, one with one stdio
 * server (the server tests' fixture), which it starts as its child. After both settle, the same window is measured
 * on all three processes: CPU time of every thread from /proc/{pid}/task/{tid}/schedstat (ns), and every byte that
 * passed between Parley and the stdio server (a ping would show). The figure is what the MCP server adds, per 10 s:
 * its own CPU plus Parley's with it less Parley's without it.
 */
export async function mcpIdle(dialect: DialectName): Promise<BenchResult> {
  if (dialect !== 'sqlite') throw new Error('mcp-idle runs on SQLite only (no database work while idle)');
  const dir = mkdtempSync(join(tmpdir(), 'parley-mcp-idle-'));
  const configPath = join(dir, 'parley.yaml');
  const tapFile = join(dir, 'tap');
  writeFileSync(configPath, stringify({ version: '1.0.3', mcpServers: stdioServers(1, tapFile) }));
  const servers: ServerProcess[] = [];
  try {
    // Started together, so both have been up as long; one that fails to start is still stopped with the other.
    const started = await Promise.allSettled([
      startServer({}, { compiled: true }),
      startServer({ CONFIG_PATH: configPath }, { compiled: true }),
    ]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const [without, withMcp] = servers as [ServerProcess, ServerProcess];
    await waitConnected(withMcp.baseUrl, ['s1']);
    const [child] = childPidsOf(withMcp.pid, STDIO_FIXTURE);
    if (child === undefined) throw new Error('the stdio server process was not found');
    progress(`${dialect}: settling ${SETTLE_MS / 1000} s, then ${WINDOW_MS / 1000} s idle`);
    await sleep(SETTLE_MS);
    const pids = [without.pid, withMcp.pid, child];
    const cpuBefore = pids.map(procCpuNs);
    const tappedBefore = tapped(tapFile);
    await sleep(WINDOW_MS);
    const [parleyWithout, parleyWith, server] = pids.map((pid, i) =>
      per10s((procCpuNs(pid) - cpuBefore[i]!) / 1e6),
    );
    const passed = tapped(tapFile) - tappedBefore;
    const parleyShare = parleyWith! - parleyWithout!;
    const figure = Math.max(0, server! + parleyShare);
    return {
      name: `mcp-idle/${dialect}`,
      figure,
      unit: 'ms CPU per 10 s',
      budget: BUDGET_MS_PER_10S,
      context:
        `one stdio server connected and idle, ${WINDOW_MS / 1000} s after ${SETTLE_MS / 1000} s settling: ` +
        `the server ${ms(server!)} ms per 10 s, ${passed} B passed between it and Parley (${tappedBefore} B at ` +
        `the start); ` +
        `Parley ${ms(parleyWith!)} ms per 10 s with it, ${ms(parleyWithout!)} ms without (its own timers), ` +
        `difference ${ms(parleyShare)} ms; figure = the server's + the difference, ${ms(figure * 6)} ms a minute`,
      ...(passed > 0 ? { missed: [`${passed} B passed between Parley and the idle server`] } : {}),
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

const per10s = (cpuMs: number) => (cpuMs * 10_000) / WINDOW_MS;
