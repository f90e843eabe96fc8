import type { DialectName } from '../packages/server/src/db/database';
import { measureServer, startStampingUpstream, type StreamFigures } from './concurrent-streams';
import { ms, progress, type BenchResult } from './lib/stats';

// The largest number of concurrent streams one instance carries within the delay budgets (none dropped, every
// `created` within 1 s, p99 added inter-token delay < 50 ms): concurrent-streams at rising counts
// (`BENCH_STREAMS_STEPS`, by default 200,400,600,800,1000), a fresh server for each, stopping at the first count
// that misses. With `BENCH_BASE_SERVER` the other build climbs the same steps first, in the same run.

const STEPS = (process.env.BENCH_STREAMS_STEPS ?? '200,400,600,800,1000')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
/** Issue 28: one instance carries at least 600 streams within the budgets. */
const BUDGET = 600;

async function climb(dialect: DialectName, upstreamUrl: string, label: string, main?: string) {
  let best = 0;
  const steps: string[] = [];
  for (const streams of STEPS) {
    progress(`${label}: ${streams} streams`);
    const { figures } = await measureServer(dialect, upstreamUrl, label, main, streams);
    steps.push(step(figures));
    if (!figures.withinDelayBudgets) break;
    best = streams;
  }
  return { best, steps };
}

const step = (f: StreamFigures) =>
  `${f.streams}: ${f.withinDelayBudgets ? 'within' : 'MISS'} (p99 ${ms(f.addedP99)} ms, 'created' max ` +
  `${ms(f.createdMax)} ms, ${ms(f.cpuPerTokenUs)} µs per token)`;

export async function concurrentStreamsMax(dialect: DialectName): Promise<BenchResult> {
  const upstream = await startStampingUpstream();
  try {
    const base = process.env.BENCH_BASE_SERVER;
    const before = base ? await climb(dialect, upstream.url, 'before', base) : undefined;
    const now = await climb(dialect, upstream.url, dialect);
    return {
      name: `concurrent-streams-max/${dialect}`,
      figure: now.best,
      unit: 'streams',
      budget: BUDGET - 1,
      better: 'higher',
      context:
        `largest count within the delay budgets, steps ${STEPS.join(', ')}: ${now.steps.join('; ')}` +
        (before
          ? `\n  the code before (BENCH_BASE_SERVER, same run): ${before.best}: ${before.steps.join('; ')}`
          : ''),
    };
  } finally {
    await upstream.stop();
  }
}
