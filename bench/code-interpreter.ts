import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DialectName } from '../packages/server/src/db/database';
import { pyodideDir } from '../packages/server/src/features/code-interpreter/sandbox-node';
import {
  createSandboxPool,
  type SandboxPool,
} from '../packages/server/src/features/code-interpreter/sandbox-pool';
import { ensureSnapshot } from '../packages/server/src/features/code-interpreter/sandbox-snapshot';
import { sleep } from './lib/chat-app';
import { childPidsOf } from './lib/mcp-servers';
import { procStatusMb } from './lib/rss-sampler';
import { ms, percentile, progress, type BenchResult } from './lib/stats';

// The Python sandbox (docs/reference/code-interpreter.md (The pool)), three figures, none touching a database:
// - code-interpreter-warm: `print(1+1)` on a warm sandbox (a session's, reused), from pool.run to its answer,
//   p50 < 50 ms;
// - code-interpreter-cold: the same on a sandbox started for it (a run without a session on a pool with no warm
//   one: process start, Pyodide from the memory snapshot, the run), median of COLD_RUNS, < 3 s;
// - code-interpreter-idle-rss: VmRSS of a warm sandbox left idle IDLE_MS, < 150 MB.
// Each makes its snapshot first in a folder of its own (a server makes it once and keeps it in its cache), timed
// in the context line as the first start ever.

const WARM_RUNS = 300;
const COLD_RUNS = 5;
const IDLE_MS = 5_000;
/** What the sandbox processes' command lines hold, to find them among this process's children. */
const MARKER = 'pyodide.mjs';

async function withPool<T>(
  size: number,
  fn: (pool: SandboxPool, snapshotMs: number) => Promise<T>,
): Promise<T> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'parley-bench-python-'));
  const started = performance.now();
  await ensureSnapshot(cacheDir, pyodideDir());
  const snapshotMs = performance.now() - started;
  const pool = createSandboxPool({ size, cacheDir, onError: (e) => progress(`pool: ${e.message}`) });
  try {
    return await fn(pool, snapshotMs);
  } finally {
    await pool.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

async function printTwo(pool: SandboxPool, sessionKey?: string): Promise<number> {
  const started = performance.now();
  const result = await pool.run({ code: 'print(1+1)', ...(sessionKey ? { sessionKey } : {}) });
  const took = performance.now() - started;
  if (!result.ok || result.stdout !== '2\n') throw new Error(`print(1+1) answered ${JSON.stringify(result)}`);
  return took;
}

export async function codeInterpreterWarm(_dialect: DialectName): Promise<BenchResult> {
  return withPool(1, async (pool) => {
    progress(`warm: 20 + ${WARM_RUNS} runs of print(1+1) in one session`);
    for (let i = 0; i < 20; i += 1) await printTwo(pool, 'bench');
    const times: number[] = [];
    for (let i = 0; i < WARM_RUNS; i += 1) times.push(await printTwo(pool, 'bench'));
    const p50 = percentile(times, 50);
    return {
      name: 'code-interpreter-warm',
      figure: p50,
      unit: 'ms',
      budget: 50,
      context:
        `print(1+1) on a warm sandbox, pool.run to answer, ${WARM_RUNS} runs: p50 ${ms(p50)}, ` +
        `p95 ${ms(percentile(times, 95))}, max ${ms(percentile(times, 100))} ms`,
    };
  });
}

export async function codeInterpreterCold(_dialect: DialectName): Promise<BenchResult> {
  return withPool(0, async (pool, snapshotMs) => {
    progress(`cold: ${COLD_RUNS} runs, each on a sandbox started for it`);
    const times: number[] = [];
    for (let i = 0; i < COLD_RUNS; i += 1) times.push(await printTwo(pool));
    const median = percentile(times, 50);
    return {
      name: 'code-interpreter-cold',
      figure: median,
      unit: 'ms',
      budget: 3000,
      context:
        `print(1+1) on a sandbox started for it (from the memory snapshot), ${COLD_RUNS} runs: median ${ms(median)}, ` +
        `max ${ms(percentile(times, 100))} ms; the first start ever (making the snapshot) took ${ms(snapshotMs)} ms`,
    };
  });
}

export async function codeInterpreterIdleRss(_dialect: DialectName): Promise<BenchResult> {
  return withPool(1, async (pool) => {
    await pool.warm();
    progress(`idle RSS: a warm sandbox left ${IDLE_MS / 1000} s`);
    await sleep(IDLE_MS);
    const [warmPid] = childPidsOf(process.pid, MARKER);
    if (warmPid === undefined) throw new Error('the warm sandbox process was not found');
    const idle = procStatusMb(warmPid, 'VmRSS');
    // The session's run takes that warm sandbox (a new warm one is started): after a run that built some data and
    // the same pause, it shows what a session's sandbox keeps between calls.
    await pool.run({
      code: 'rows = [{"n": i, "sq": i * i} for i in range(100_000)]\nlen(rows)',
      sessionKey: 's',
    });
    await sleep(IDLE_MS);
    const afterRun = procStatusMb(warmPid, 'VmRSS');
    return {
      name: 'code-interpreter-idle-rss',
      figure: idle,
      unit: 'MB',
      budget: 150,
      context:
        `VmRSS of a warm sandbox idle ${IDLE_MS / 1000} s: ${ms(idle)} MB; ` +
        `the same sandbox idle ${IDLE_MS / 1000} s after a session's run left 100,000 dicts in it: ${ms(afterRun)} MB`,
    };
  });
}
