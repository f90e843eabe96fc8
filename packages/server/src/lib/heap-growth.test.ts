import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readServerEnv } from '../config/env-settings';

// A child process churns a 150,000-object live set (each object lives long enough to reach the old space) and
// prints the largest heap it saw. It imports heap-growth.ts through tsx, as the server's own start would call it.
const CHURN = `
  const { limitHeapGrowth } = await import(${JSON.stringify(fileURLToPath(new URL('./heap-growth.ts', import.meta.url)))});
  limitHeapGrowth(Number(process.env.PERCENT || 50));
  const ring = new Array(150_000);
  let max = 0;
  for (let round = 0; round < 20; round++) {
    for (let i = 0; i < ring.length; i++) ring[i] = { text: 'x'.repeat(50) + i, at: [i, round], meta: { i } };
    await new Promise((resolve) => setImmediate(resolve));
    max = Math.max(max, process.memoryUsage().heapTotal);
  }
  console.log(max);
`;

function peakHeap(percent: string): number {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHURN], {
    env: { ...process.env, PERCENT: percent },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return Number(run.stdout.trim());
}

describe('limitHeapGrowth', () => {
  it('keeps the old space close to the live heap; 0 leaves V8 its own, larger, headroom', () => {
    const limited = peakHeap('50');
    const v8Own = peakHeap('0');
    expect(limited).toBeGreaterThan(0);
    expect(limited).toBeLessThan(v8Own * 0.75);
  }, 90_000);

  it('reads HEAP_GROWING_PERCENT: 50 by default, 0 to 400, refused otherwise with the variable named', () => {
    expect(readServerEnv({}, '/srv').heapGrowingPercent).toBe(50);
    expect(readServerEnv({ HEAP_GROWING_PERCENT: '0' }, '/srv').heapGrowingPercent).toBe(0);
    expect(() => readServerEnv({ HEAP_GROWING_PERCENT: '1.5' }, '/srv')).toThrow(
      'HEAP_GROWING_PERCENT must be a whole number, got "1.5"',
    );
    expect(() => readServerEnv({ HEAP_GROWING_PERCENT: '401' }, '/srv')).toThrow(
      'HEAP_GROWING_PERCENT must be at most 400, got 401',
    );
  });
});
