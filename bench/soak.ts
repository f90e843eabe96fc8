import http from 'node:http';
import type { DialectName } from '../packages/server/src/db/database';
import { askRaw, chatEventsOf, sleep, startChildServer, type RawStream } from './lib/chat-app';
import { startChatServer } from './lib/chat-server';
import { procStatusMb, sampleRss } from './lib/rss-sampler';
import { ms, progress, type BenchResult } from './lib/stats';

// Memory under load: the server (compiled, a child process, SQLite) takes five rounds of 400 streams, 40 tokens
// each at 20 tokens/s, a round starting every 5 s; its RSS is sampled every 100 ms. Budgets: peak RSS < 400 MB,
// and one minute after the last round within 50 MB of what it used idle before the first. A finished job stays
// readable for 60 s; what it keeps meanwhile is what this bench watches.

const ROUNDS = Number(process.env.BENCH_SOAK_ROUNDS ?? 5);
const STREAMS = Number(process.env.BENCH_SOAK_STREAMS ?? 400);
const TOKENS = 40;
const INTERVAL_MS = 50;
const ROUND_EVERY_MS = 5_000;
const SETTLE_MS = Number(process.env.BENCH_SOAK_SETTLE_MS ?? 60_000);
const PEAK_BUDGET_MB = 400;
const RETURN_BUDGET_MB = 50;

export async function soak(_dialect: DialectName): Promise<BenchResult> {
  const upstream = await startChildServer('bench/lib/upstream-cli.ts', [
    '--tokens',
    String(TOKENS),
    '--interval',
    String(INTERVAL_MS),
    '--first',
    '100',
  ]);
  const server = await startChatServer('sqlite', upstream.url, 'soak');
  const agent = new http.Agent({ keepAlive: true, maxSockets: STREAMS + 16 });
  try {
    await askRaw(server, { text: 'warm up' }, agent);
    await sleep(2_000);
    const idleMb = procStatusMb(server.pid, 'VmRSS');
    progress(
      `sqlite: ${ROUNDS} rounds of ${STREAMS} streams × ${TOKENS} tokens, server idle at ${idleMb.toFixed(0)} MB`,
    );
    const rss = sampleRss(server.pid, 100);
    const rounds: Promise<RawStream[]>[] = [];
    const start = performance.now();
    for (let r = 0; r < ROUNDS; r += 1) {
      await sleep(Math.max(0, start + r * ROUND_EVERY_MS - performance.now()));
      rounds.push(
        Promise.all(
          Array.from({ length: STREAMS }, (_, i) =>
            askRaw(server, { text: `Round ${r} stream ${i}` }, agent),
          ),
        ),
      );
    }
    const results = (await Promise.all(rounds)).flat();
    const loadMs = performance.now() - start;
    const { peakMb } = rss.stop();
    const endMb = procStatusMb(server.pid, 'VmRSS');
    const complete = results.filter((raw) => raw.status === 200 && chatEventsOf(raw).final).length;
    const failures = results.flatMap((raw) => {
      const error = raw.status === 200 ? chatEventsOf(raw).error : `status ${raw.status}`;
      return error ? [error] : [];
    });
    agent.destroy();
    progress(
      `sqlite: rounds done in ${ms(loadMs)} ms, peak ${peakMb.toFixed(0)} MB; waiting ${SETTLE_MS / 1000} s`,
    );
    const settle = sampleRss(server.pid, 1_000);
    await sleep(SETTLE_MS);
    settle.stop();
    const afterMb = procStatusMb(server.pid, 'VmRSS');
    const over = afterMb - idleMb;
    const missed = [
      ...(complete < results.length ? [`${results.length - complete} streams without a final event`] : []),
      ...(over >= RETURN_BUDGET_MB
        ? [`RSS a minute later ${over.toFixed(0)} MB above idle (budget < ${RETURN_BUDGET_MB})`]
        : []),
    ];
    return {
      name: 'soak/sqlite',
      figure: peakMb,
      unit: 'MB peak RSS',
      budget: PEAK_BUDGET_MB,
      missed,
      context:
        `${ROUNDS} rounds of ${STREAMS} streams (${TOKENS} tokens at ${1000 / INTERVAL_MS}/s), one every ` +
        `${ROUND_EVERY_MS / 1000} s, all done in ${ms(loadMs)} ms, ${complete} of ${results.length} complete` +
        `${failures.length ? ` (${failures.length} failed, e.g. ${failures[0]!.slice(0, 200)})` : ''}; ` +
        `server RSS idle ${idleMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB, ${endMb.toFixed(0)} MB when the ` +
        `last stream ended, ${afterMb.toFixed(0)} MB ${SETTLE_MS / 1000} s later (${over >= 0 ? '+' : ''}${over.toFixed(0)} MB ` +
        `vs idle, budget < ${RETURN_BUDGET_MB}); server compiled in a child process, SQLite, 2 cores`,
    };
  } finally {
    agent.destroy();
    await server.close();
    await upstream.stop();
  }
}
