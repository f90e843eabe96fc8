import { setFlagsFromString } from 'node:v8';

/** Old-space headroom over the live heap after a full collection, in percent (V8's factor is 1 + this / 100). */
export const DEFAULT_HEAP_GROWING_PERCENT = 50;

/**
 * V8 sizes the old space from how fast it collects, and for a heap like Parley's (60–100 MB live) it lets it grow
 * to three or four times the live data before the next full collection: five rounds of 400 streams took RSS to
 * 404–437 MB while about 80 MB was live (`npm run bench -- soak`). A fixed 1.5 factor collects sooner; the same
 * rounds peak at about 270 MB, and the concurrent-streams bench shows no CPU cost within its noise. The setting
 * is HEAP_GROWING_PERCENT (config/env-settings.ts); 0 leaves V8's own heuristic. Answers whether it was applied.
 */
export function limitHeapGrowth(percent: number = DEFAULT_HEAP_GROWING_PERCENT): boolean {
  if (percent === 0) return false;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
  return true;
}
