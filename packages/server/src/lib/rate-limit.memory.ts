import type { WindowCounter } from './rate-limit';

// Expired windows are swept once the map holds this many keys, so memory stays bounded by live windows.
const SWEEP_AT = 10_000;

/** In-process counter: one instance only, lost on restart. */
export function createMemoryCounter(now: () => number = Date.now): WindowCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let nextSweepSize = SWEEP_AT;

  function sweep(at: number): void {
    for (const [key, w] of windows) if (w.endsAt <= at) windows.delete(key);
    nextSweepSize = Math.max(SWEEP_AT, windows.size * 2);
  }

  return {
    async hit(key, windowMs, amount = 1) {
      const at = now();
      if (windows.size >= nextSweepSize) sweep(at);
      let w = windows.get(key);
      if (!w || w.endsAt <= at) {
        w = { count: 0, endsAt: at + windowMs };
        windows.set(key, w);
      }
      w.count += amount;
      return { count: w.count, resetMs: w.endsAt - at };
    },
    async undo(key) {
      const w = windows.get(key);
      if (w && w.endsAt > now() && w.count > 0) w.count -= 1;
    },
  };
}
