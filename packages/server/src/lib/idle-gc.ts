import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** What one check sees: CPU the process used since the last check, and the heap now. */
export interface IdleSample {
  cpuMs: number;
  heapTotal: number;
  heapUsed: number;
}

export interface IdleGcOptions {
  /** How often the process is looked at. */
  intervalMs?: number;
  /** Under this share of one core since the last look, the process counts as idle. */
  idleCpuShare?: number;
  /** Collect only when the heap holds at least this much more than it uses. */
  minSlackBytes?: number;
  /** Injected by tests; the real ones read the process. */
  sample?: () => IdleSample;
  gc?: () => void;
}

export const IDLE_GC_DEFAULTS = {
  intervalMs: 10_000,
  idleCpuShare: 0.02,
  minSlackBytes: 16 * 1024 * 1024,
} as const;

/**
 * After a burst of replies, most of the heap is garbage that V8 collects only under allocation pressure, which an
 * idle server no longer makes: measured by `npm run bench -- soak`, RSS stayed 194-276 MB above idle a minute after
 * the last round while the live heap was back at ~60 MB. So once the process is idle (under 2 % of a core for a whole interval)
 * and at least a quarter of its heap (and 16 MB) is not in use, one full collection runs; it costs tens of
 * milliseconds when nobody is waiting. A heap that is mostly live is left alone: collecting it would pause the
 * replies still open for little gain. (With the old space kept near the live heap, lib/heap-growth.ts, a server
 * just started holds about 30 MB of slack in 65 MB; an earlier rule asking for half the heap and 32 MB missed it.)
 */
export function shouldCollect(
  sample: IdleSample,
  intervalMs: number,
  options: Pick<IdleGcOptions, 'idleCpuShare' | 'minSlackBytes'> = {},
): boolean {
  const share = options.idleCpuShare ?? IDLE_GC_DEFAULTS.idleCpuShare;
  const slack = options.minSlackBytes ?? IDLE_GC_DEFAULTS.minSlackBytes;
  const free = sample.heapTotal - sample.heapUsed;
  return isIdle(sample, intervalMs, share) && free >= slack && free >= sample.heapTotal / 4;
}

const isIdle = (sample: IdleSample, intervalMs: number, share: number) => sample.cpuMs < intervalMs * share;

/** Starts the idle check; answers its stop function (a shutdown closer). */
export function startIdleGc(options: IdleGcOptions = {}): () => void {
  const intervalMs = options.intervalMs ?? IDLE_GC_DEFAULTS.intervalMs;
  const gc = options.gc ?? exposedGc();
  const sample = options.sample ?? processSampler();
  if (!gc) return () => {};
  // One collection per idle spell: after it, the next waits until the process has been busy again.
  let collectedSinceBusy = false;
  const share = options.idleCpuShare ?? IDLE_GC_DEFAULTS.idleCpuShare;
  const timer = setInterval(() => {
    const now = sample();
    if (!isIdle(now, intervalMs, share)) collectedSinceBusy = false;
    else if (!collectedSinceBusy && shouldCollect(now, intervalMs, options)) {
      gc();
      collectedSinceBusy = true;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** CPU used since the previous call (ms) and the heap now. */
function processSampler(): () => IdleSample {
  let last = process.cpuUsage();
  return () => {
    const now = process.cpuUsage();
    const cpuMs = (now.user - last.user + now.system - last.system) / 1000;
    last = now;
    const { heapTotal, heapUsed } = process.memoryUsage();
    return { cpuMs, heapTotal, heapUsed };
  };
}

/**
 * V8's `gc()`: the global one under `--expose-gc`, else one from a fresh context after turning the flag on (the
 * flag only affects contexts made after it is set). Null if the runtime refuses, and then nothing is collected.
 */
function exposedGc(): (() => void) | null {
  const global = (globalThis as { gc?: () => void }).gc;
  if (typeof global === 'function') return global;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}
