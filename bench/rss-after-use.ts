import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathOf } from '@parley/shared';
import type { DialectName } from '../packages/server/src/db/database';
import { registerOverHttp } from '../packages/server/test/http-user.test-helpers';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { askRaw, chatEventsOf, sleep, startChildServer, type ChatBenchApp } from './lib/chat-app';
import { benchServerEnv } from './lib/chat-server';
import { procStatusMb, sampleRss } from './lib/rss-sampler';
import { ms, progress, type BenchResult } from './lib/stats';

// Memory after real use: the compiled server (a child process, fresh data folder, SQLite) with two provider families
// (OpenAI and Anthropic) pointed at the simulator. 40 replies one after the other, in conversations of five turns
// (so the tokenizer counts history), every fourth through the Plugins endpoint with the calculator (the tool runtime
// and mathjs loaded); VmRSS 30 s after the last. Then a burst of 1,000 streams (half on each provider, started
// within 1.5 s, 40 tokens at 20 tokens/s); VmRSS a minute after the last one ended. Budgets: under 120 MB after the
// 40 replies, and back within 20 MB of that a minute after the burst.
//
// BENCH_BEFORE_MAIN=/path/to/another/checkout/packages/server/dist/main.js runs that build first, in the same run
// and against the same simulator, for a before/after comparison (make one with `git worktree add --detach <dir>
// <ref>`, its node_modules, and `node scripts/build.mjs server` there).

const REPLIES = Number(process.env.BENCH_USE_REPLIES ?? 40);
const TURNS_PER_CONVERSATION = 5;
const BURST = Number(process.env.BENCH_USE_BURST ?? 1_000);
const BURST_TOKENS = 40;
const RAMP_MS = 1_500;
const AFTER_USE_MS = Number(process.env.BENCH_USE_WAIT_MS ?? 30_000);
const AFTER_BURST_MS = Number(process.env.BENCH_USE_SETTLE_MS ?? 60_000);
const BUDGET_MB = 120;
const RETURN_BUDGET_MB = 20;

const REPLY_SCRIPT = JSON.stringify({ tokens: 60, rate: 400, firstTokenDelayMs: 5 });
const TOOL_SCRIPT = JSON.stringify({
  toolCalls: [{ name: 'calculator', input: { expression: '12 * (3 + 4)' } }],
  tokens: 30,
  rate: 400,
  firstTokenDelayMs: 5,
  // The title is asked of another model with the same text: it gets a plain reply.
  byModel: { 'gpt-4o-mini': { tokens: 3, rate: 400 } },
});
const BURST_SCRIPT = JSON.stringify({ tokens: BURST_TOKENS, rate: 20, firstTokenDelayMs: 100 });

interface Figures {
  label: string;
  startMb: number;
  afterUseMb: number;
  burstPeakMb: number;
  afterBurstMb: number;
  complete: number;
  failures: string[];
  breakdown: string;
}

/** The server's own RSS split from /proc: anonymous memory (heaps, malloc) against mapped files (code). */
function rssSplit(pid: number): string {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? NaN);
    return `anon ${(kb('Anonymous') / 1024).toFixed(0)} MB, files ${((kb('Rss') - kb('Anonymous')) / 1024).toFixed(0)} MB`;
  } catch {
    return 'no smaps_rollup';
  }
}

async function installCalculator(app: ChatBenchApp): Promise<void> {
  const res = await fetch(new URL(pathOf('updateUserPlugins'), app.base), {
    method: 'POST',
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pluginKey: 'calculator', action: 'install' }),
  });
  if (res.status !== 200) throw new Error(`installing the calculator answered ${res.status}`);
}

/** The 40 replies: conversations of five turns, alternating providers, every fourth reply through a tool. */
async function realUse(app: ChatBenchApp, agent: http.Agent): Promise<void> {
  let conversationId: string | null = null;
  let parentMessageId = '00000000-0000-0000-0000-000000000000';
  for (let i = 0; i < REPLIES; i += 1) {
    if (i % TURNS_PER_CONVERSATION === 0) {
      conversationId = null;
      parentMessageId = '00000000-0000-0000-0000-000000000000';
    }
    const conversation = Math.floor(i / TURNS_PER_CONVERSATION);
    const withTool = i % 4 === 3;
    const endpoint = withTool ? 'gptPlugins' : conversation % 2 === 0 ? 'openAI' : 'anthropic';
    const body: Record<string, unknown> = {
      text: `Question ${i}: tell me about item ${i}. [[sim ${withTool ? TOOL_SCRIPT : REPLY_SCRIPT}]]`,
      conversationId,
      parentMessageId,
      ...(withTool ? { model: 'gpt-4o', tools: ['calculator'] } : {}),
    };
    const raw = await askRaw(app, body, agent, endpoint);
    const events = chatEventsOf(raw);
    if (raw.status !== 200 || !events.final) {
      const said = events.error ?? Buffer.concat(raw.arrivals.map((a) => a.data)).toString('utf8');
      throw new Error(`reply ${i} (${endpoint}): status ${raw.status}, ${said.slice(0, 300)}`);
    }
    // A tool reply starts a conversation of its own on the Plugins endpoint; the others continue theirs.
    if (!withTool) {
      conversationId = events.final.conversationId;
      parentMessageId = events.final.messageId;
    }
  }
}

async function burst(app: ChatBenchApp): Promise<{ complete: number; failures: string[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: BURST + 16 });
  try {
    const pending: Promise<string | null>[] = [];
    const start = performance.now();
    const batch = 10;
    for (let i = 0; i < BURST; i += batch) {
      for (let j = i; j < Math.min(BURST, i + batch); j += 1) {
        const endpoint = j % 2 === 0 ? 'openAI' : 'anthropic';
        pending.push(
          askRaw(app, { text: `Burst ${j} [[sim ${BURST_SCRIPT}]]` }, agent, endpoint).then(
            (raw) => {
              if (raw.status !== 200) return `status ${raw.status}`;
              const events = chatEventsOf(raw);
              return events.final ? null : (events.error ?? 'no final event');
            },
            (error: unknown) => String(error),
          ),
        );
      }
      await sleep(Math.max(0, start + ((i + batch) / BURST) * RAMP_MS - performance.now()));
    }
    const results = await Promise.all(pending);
    const failures = results.filter((r): r is string => r !== null);
    return { complete: results.length - failures.length, failures };
  } finally {
    agent.destroy();
  }
}

async function measureOne(simUrl: string, label: string, mainPath?: string): Promise<Figures> {
  const env: Record<string, string> = {
    ...benchServerEnv(simUrl),
    OPENAI_REVERSE_PROXY: `${simUrl}/v1`,
    ANTHROPIC_API_KEY: `sk-ant-bench-${randomBytes(4).toString('hex')}`,
    ANTHROPIC_REVERSE_PROXY: simUrl,
  };
  const server: ServerProcess = await startServer(env, {
    compiled: true,
    ...(mainPath ? { main: mainPath } : {}),
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  try {
    const startMb = procStatusMb(server.pid, 'VmRSS');
    const token = await registerOverHttp(server.baseUrl, 'bench');
    const app: ChatBenchApp = { base: server.baseUrl, token, close: async () => {} };
    await installCalculator(app);
    progress(`rss-after-use/${label}: ${REPLIES} replies (started at ${startMb.toFixed(0)} MB)`);
    await realUse(app, agent);
    agent.destroy();
    progress(`rss-after-use/${label}: waiting ${AFTER_USE_MS / 1000} s`);
    await sleep(AFTER_USE_MS);
    const afterUseMb = procStatusMb(server.pid, 'VmRSS');
    const breakdown = rssSplit(server.pid);
    progress(`rss-after-use/${label}: ${afterUseMb.toFixed(0)} MB (${breakdown}); burst of ${BURST} streams`);
    const sampler = sampleRss(server.pid, 100);
    const { complete, failures } = await burst(app);
    const { peakMb } = sampler.stop();
    progress(
      `rss-after-use/${label}: burst done, peak ${peakMb.toFixed(0)} MB; waiting ${AFTER_BURST_MS / 1000} s`,
    );
    await sleep(AFTER_BURST_MS);
    const afterBurstMb = procStatusMb(server.pid, 'VmRSS');
    return {
      label,
      startMb,
      afterUseMb,
      burstPeakMb: peakMb,
      afterBurstMb,
      complete,
      failures,
      breakdown: `${breakdown}; after the burst ${rssSplit(server.pid)}`,
    };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

const describe = (f: Figures) =>
  `${f.label}: ${f.startMb.toFixed(0)} MB started → ${f.afterUseMb.toFixed(1)} MB ${AFTER_USE_MS / 1000} s after ` +
  `${REPLIES} replies → peak ${f.burstPeakMb.toFixed(0)} MB in the burst → ${f.afterBurstMb.toFixed(1)} MB ` +
  `${AFTER_BURST_MS / 1000} s after it (${f.afterBurstMb >= f.afterUseMb ? '+' : ''}` +
  `${(f.afterBurstMb - f.afterUseMb).toFixed(1)} MB), ${f.complete} of ${BURST} streams complete` +
  `${f.failures.length ? ` (${f.failures.length} failed, e.g. ${f.failures[0]!.slice(0, 200)})` : ''}; ${f.breakdown}`;

export async function rssAfterUse(_dialect: DialectName): Promise<BenchResult> {
  const beforeMain = process.env.BENCH_BEFORE_MAIN;
  const before = beforeMain ? await withSim((url) => measureOne(url, 'before', beforeMain)) : undefined;
  const after = await withSim((url) => measureOne(url, 'this build'));
  const over = after.afterBurstMb - after.afterUseMb;
  const missed = [
    ...(after.complete < BURST ? [`${BURST - after.complete} burst streams incomplete`] : []),
    ...(over >= RETURN_BUDGET_MB
      ? [`a minute after the burst ${ms(over)} MB above the figure (budget < ${RETURN_BUDGET_MB})`]
      : []),
  ];
  return {
    name: 'rss-after-use/sqlite',
    figure: after.afterUseMb,
    unit: 'MB',
    budget: BUDGET_MB,
    missed,
    context:
      `compiled server, fresh data folder, SQLite, OpenAI and Anthropic through the simulator; ${REPLIES} replies ` +
      `in conversations of ${TURNS_PER_CONVERSATION} turns, every fourth with the calculator; then ${BURST} streams ` +
      `(${BURST_TOKENS} tokens at 20/s, started within ${RAMP_MS / 1000} s). ` +
      [before, after].flatMap((f) => (f ? [describe(f)] : [])).join('. '),
  };
}

/** Each server gets a simulator of its own: one left with a thousand closed keep-alive sockets skews the next. */
async function withSim<T>(run: (url: string) => Promise<T>): Promise<T> {
  const sim = await startChildServer('packages/sim/src/cli.ts', ['--port', '0']);
  try {
    return await run(sim.url);
  } finally {
    await sim.stop();
  }
}
