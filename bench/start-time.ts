import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DialectName } from '../packages/server/src/db/database';
import { freePort } from '@parley/server/testing';
import { ROOT } from './lib/chat-app';
import { percentile, progress, type BenchResult } from './lib/stats';

// Start time: from running `npm start` (exactly as typed, npm included) with nothing to rebuild to the first
// 200 from /health; median of RUNS starts, each on a fresh SQLite data folder. The context line adds the same
// with a stale server build (its build record removed, so esbuild runs first). A stale web build costs a Vite
// build on top (about 10 s on this machine); that case is not timed here.

const BUDGET_MS = 2_000;
const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);

interface Timed {
  ms: number;
  /** What `npm start` said it built (other work on the tree may make a build stale between runs). */
  built: boolean;
}

/** Runs `npm start` in its own process group; answers ms until /health answered 200, then stops it. */
async function timeStart(): Promise<Timed> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  });
  let stdout = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/health`)).status === 200) {
          return { ms: performance.now() - started, built: stdout.includes('Parley: building') };
        }
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error('no answer from /health within 120 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The dialect does not matter (a fresh SQLite folder each time); run.ts runs this bench once. */
export async function startTime(_dialect: DialectName): Promise<BenchResult> {
  progress('start-time: building what is stale first');
  if (spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'ignore' }).status !== 0) {
    throw new Error('npm run build failed');
  }
  const fresh: number[] = [];
  const stale: number[] = [];
  let rebuilt = 0;
  while (fresh.length < RUNS) {
    progress(`start-time: run ${fresh.length + 1} of ${RUNS}`);
    const run = await timeStart();
    // A source changed since the last run (someone is editing the tree): that start was not a fresh one.
    if (run.built) rebuilt += 1;
    else fresh.push(run.ms);
    if (rebuilt > RUNS) throw new Error('the sources keep changing: no start without a build');
    rmSync(join(ROOT, 'packages/server/dist/.build-inputs'));
    stale.push((await timeStart()).ms);
  }
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return {
    name: 'start-time',
    figure: percentile(fresh, 50),
    unit: 'ms',
    budget: BUDGET_MS,
    context:
      `\`npm start\` to the first 200 from /health, nothing stale: median of ${RUNS} ${s(percentile(fresh, 50))} ` +
      `(max ${s(Math.max(...fresh))}); with a stale server build (esbuild first): median ` +
      `${s(percentile(stale, 50))} (max ${s(Math.max(...stale))}); fresh SQLite data folder each run` +
      (rebuilt > 0 ? `; ${rebuilt} start(s) found changed sources and were not counted` : ''),
  };
}
