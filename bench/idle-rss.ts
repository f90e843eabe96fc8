import type { DialectName } from '../packages/server/src/db/database';
import { startServer } from '@parley/server/testing';
import { PG_URL, pgAdmin } from './lib/databases';
import { procStatusMb, sampleRss } from './lib/rss-sampler';
import { progress, type BenchResult } from './lib/stats';

// Idle memory: the compiled server (packages/server/dist/main.js, as `npm start` and the Docker image run it)
// started as a child process on a fresh data folder, no provider keys, no Redis; its VmRSS read from
// /proc/<pid>/status 30 s after it first answered /health. BENCH_IDLE_SOURCE=1 runs main.ts through tsx instead
// (how Parley ran before it was compiled), for a before/after comparison. On PostgreSQL the server uses a fresh
// database schema named by the bench.

const BUDGET_MB = 120;
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 30_000);

export async function idleRss(dialect: DialectName): Promise<BenchResult> {
  const source = process.env.BENCH_IDLE_SOURCE === '1';
  const schema = `idle_rss_${process.pid}`;
  const env: Record<string, string> = { LOG_LEVEL: 'warn' };
  if (dialect === 'postgres') {
    await pgAdmin((client) => client.query(`CREATE SCHEMA ${schema}`));
    env.DATABASE_URL = `${PG_URL}?options=-c%20search_path%3D${schema}`;
  }
  const started = performance.now();
  const server = await startServer(env, { compiled: !source });
  const startMs = performance.now() - started;
  try {
    const sampler = sampleRss(server.pid, 100);
    progress(`idle-rss/${dialect}: waiting ${IDLE_MS / 1000} s`);
    await new Promise((done) => setTimeout(done, IDLE_MS));
    const { peakMb } = sampler.stop();
    const rss = procStatusMb(server.pid, 'VmRSS');
    const hwm = procStatusMb(server.pid, 'VmHWM');
    return {
      name: `idle-rss/${dialect}`,
      figure: rss,
      unit: 'MB',
      budget: BUDGET_MB,
      context:
        `${source ? 'main.ts through tsx' : 'compiled dist/main.js'}, fresh data folder, no providers or ` +
        `Redis: VmRSS ${IDLE_MS / 1000} s after the first /health answer; peak ${hwm.toFixed(0)} MB (VmHWM), ` +
        `${peakMb.toFixed(0)} MB sampled while idle; started in ${(startMs / 1000).toFixed(1)} s (build included)`,
    };
  } finally {
    await server.stop();
    if (dialect === 'postgres') await pgAdmin((client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
  }
}
