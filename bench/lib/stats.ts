/** The p-th percentile (0..100) of `values`, nearest-rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** Runs `fn` `warmup` times unmeasured, then `runs` times, and answers each run's wall time in ms. */
export async function timeRuns(
  runs: number,
  fn: (i: number) => Promise<unknown>,
  warmup = Math.min(20, runs),
): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  return times;
}

export const ms = (n: number): string => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));

/** One bench's result: the one comparable figure, its budget, and a short context line. */
export interface BenchResult {
  name: string;
  figure: number;
  unit: string;
  /** The figure passes when it is below this (above it, for a figure where higher is better). */
  budget: number;
  /** `higher` for a throughput; lower is better by default. */
  better?: 'lower' | 'higher';
  context: string;
  /** Other budgets of the bench that were missed (e.g. streams dropped): the verdict is then MISS too. */
  missed?: string[];
}

export function formatResult(r: BenchResult): string {
  const missed = r.missed?.length ? `; also missed: ${r.missed.join(', ')}` : '';
  const higher = r.better === 'higher';
  const met = higher ? r.figure > r.budget : r.figure < r.budget;
  const verdict = met && !missed ? 'pass' : 'MISS';
  return `${r.name}: ${ms(r.figure)} ${r.unit} (budget ${higher ? '>' : '<'} ${r.budget} ${r.unit}, ${verdict}${missed})\n  ${r.context}`;
}

/** A progress line on stderr, so stdout carries only the results. */
export function progress(message: string): void {
  process.stderr.write(`  … ${message}\n`);
}
