import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathOf, type PluginListEntry } from '@parley/shared';
import type { DialectName } from '../packages/server/src/db/database';
import { mcpBenchConfig, startChatBenchApp } from './lib/chat-app';
import { stdioServers, tapped, waitConnected } from './lib/mcp-servers';
import { ms, percentile, progress, timeRuns, type BenchResult } from './lib/stats';

const SERVERS = 5;
const TOOLS_EACH = 5;
const RUNS = 200;
const WARMUP = 20;
/** A closed port: the app never calls a model here. */
const NO_UPSTREAM = 'http://127.0.0.1:9';

/**
 * The plugin store's list with MCP servers connected (docs/reference/tools.md (The plugin store)): `GET /api/plugins`
 * over real HTTP on loopback (keep-alive), one request at a time, with 5 stdio servers of 5 tools each connected, so
 * the answer holds the 10 built-in plugins and 25 MCP tools: p95 < 20 ms. The list is read from the servers' cached
 * tool lists, so no request reaches a server.
 */
export async function mcpPluginList(dialect: DialectName): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-mcp-list-'));
  const tapFile = join(dir, 'tap');
  const servers = stdioServers(SERVERS, tapFile);
  const app = await startChatBenchApp(dialect, NO_UPSTREAM, 'mcp-plugin-list', mcpBenchConfig(servers));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await waitConnected(app.base, Object.keys(servers));
    const tappedBefore = tapped(tapFile);
    progress(`${dialect}: ${WARMUP} + ${RUNS} GET /api/plugins with ${SERVERS} stdio servers connected`);
    let size = { plugins: 0, mcp: 0, bytes: 0 };
    const times = await timeRuns(
      RUNS,
      async () => {
        const { status, body } = await getText(new URL(pathOf('listPlugins'), app.base), app.token, agent);
        if (status !== 200) throw new Error(`GET /api/plugins answered ${status}`);
        const list = JSON.parse(body) as PluginListEntry[];
        size = {
          plugins: list.length,
          mcp: list.filter((p) => p.pluginKey.includes('_mcp_')).length,
          bytes: Buffer.byteLength(body),
        };
      },
      WARMUP,
    );
    if (size.mcp !== SERVERS * TOOLS_EACH)
      throw new Error(`expected ${SERVERS * TOOLS_EACH} MCP tools, got ${size.mcp}`);
    const passed = tapped(tapFile) - tappedBefore;
    const p95 = percentile(times, 95);
    return {
      name: `mcp-plugin-list/${dialect}`,
      figure: p95,
      unit: 'ms',
      budget: 20,
      context:
        `GET /api/plugins, ${SERVERS} stdio servers × ${TOOLS_EACH} tools connected, ${RUNS} requests one at a time ` +
        `(request sent → body read, JSON parse included): p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)}, ` +
        `max ${ms(percentile(times, 100))} ms; ${size.plugins} plugins (${size.mcp} MCP), ${size.bytes} B; ` +
        `${passed} B passed between Parley and the servers meanwhile`,
      ...(passed > 0 ? { missed: [`listing asked the servers (${passed} B)`] } : {}),
    };
  } finally {
    agent.destroy();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A GET over node:http with the user's token, the whole body read. */
function getText(url: URL, token: string, agent: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
