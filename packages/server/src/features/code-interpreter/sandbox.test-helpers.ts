import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandboxPool, type PoolClock, type SandboxPool, type SandboxPoolOptions } from './sandbox-pool';

/**
 * The snapshot cache the tests share: made once (a full Pyodide start, some seconds), then read by every test
 * file's sandboxes. Its name carries the Pyodide version, so an update makes a new one.
 */
export const TEST_CACHE_DIR = join(tmpdir(), 'parley-test-python-cache');

/** A pool for tests: warm size 0 unless said, the shared snapshot cache, closed by `closeAll`. */
export function testPool(options: SandboxPoolOptions = {}): SandboxPool {
  const pool = createSandboxPool({ size: 0, cacheDir: TEST_CACHE_DIR, ...options });
  opened.push(pool);
  return pool;
}

const opened: SandboxPool[] = [];

export async function closeAll(): Promise<void> {
  await Promise.all(opened.splice(0).map((pool) => pool.close()));
}

/** A clock whose timers run only when the test moves it. */
export function manualClock(): PoolClock & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.fn();
      }
    },
    pending: () => timers.size,
  };
}
