import http from 'node:http';
import type { DialectName } from '../packages/server/src/db/database';
import { askRaw, chatEventsOf, startChildServer } from './lib/chat-app';
import { benchRedisEnv, startChatServer } from './lib/chat-server';
import { procCpuMs } from './lib/rss-sampler';
import { ms, progress, type BenchResult } from './lib/stats';

// A turn's fixed cost: server CPU per `POST /api/ask` whose reply is one token, so what is measured is what every
// turn pays whatever its length (sign-in check, rows and search indexing, the upstream request, the title, the final
// save, the stream's open and close). The server is compiled, a child process (its CPU is read from /proc, all
// threads, kernel time included); 4 turns at a time, each a new conversation, after 20 warm-up turns.
//
// Budget: 1,000 turns arriving within 1.5 s that must each see `created` within 1 s leave one thread 2.5 s for all
// of them, before a single token is relayed: 2.5 ms a turn. `BENCH_REDIS_URL` puts the job store in Redis.

const TURNS = Number(process.env.BENCH_TURNS ?? 300);
const WARM_UP = 20;
const CONCURRENCY = 4;
const BUDGET_MS = 2.5;

export async function turnCost(dialect: DialectName): Promise<BenchResult> {
  const upstream = await startChildServer('bench/lib/upstream-cli.ts', [
    '--tokens',
    '1',
    '--interval',
    '0',
    '--first',
    '0',
  ]);
  const redisEnv = benchRedisEnv();
  const redis = redisEnv.REDIS_URL !== undefined;
  const server = await startChatServer(dialect, upstream.url, 'turns', redisEnv);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    const turn = async (i: number) => {
      const raw = await askRaw(server, { text: `Turn ${i}` }, agent);
      if (raw.status !== 200 || !chatEventsOf(raw).final) throw new Error(`turn ${i}: status ${raw.status}`);
    };
    for (let i = 0; i < WARM_UP; i += 1) await turn(-i);
    progress(
      `${dialect}: ${TURNS} one-token turns, ${CONCURRENCY} at a time${redis ? ', Redis job store' : ''}`,
    );
    const cpuBefore = procCpuMs(server.pid);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < TURNS) await turn(next++);
      }),
    );
    const wall = performance.now() - started;
    const cpu = procCpuMs(server.pid) - cpuBefore;
    return {
      name: `turn-cost/${dialect}`,
      figure: cpu / TURNS,
      unit: 'ms',
      budget: BUDGET_MS,
      context:
        `server CPU per turn (one-token reply, new conversation, title on), ${TURNS} turns ${CONCURRENCY} at a ` +
        `time: ${ms(cpu)} ms CPU in ${ms(wall)} ms (${ms(wall / TURNS)} ms a turn); the budget is what 1,000 ` +
        `turns in 1.5 s, each answered within 1 s, leave one thread${redis ? '; Redis job store' : ''}`,
    };
  } finally {
    agent.destroy();
    await server.close();
    await upstream.stop();
  }
}
