import { cpus } from 'node:os';
import { readFileSync } from 'node:fs';
import { procCpuMs } from './rss-sampler';

// How busy the whole machine and the measured servers were, sampled through a run. The streaming benches use it
// to show whether a figure is limited by the server's own thread or by the machine: two instances can only do
// twice one instance's count if one instance at its limit leaves half the machine idle.

export interface CpuSample {
  /** performance.now() when it was taken. */
  at: number;
  /** CPU time of all cores together since boot, busy and total, in ms (/proc/stat's first line). */
  machineBusyMs: number;
  machineTotalMs: number;
  /** CPU time the servers have used, summed, in ms. */
  serversMs: number;
}

/** The busiest stretch of at least `windowMs`: the machine's busy share of all its cores, and the servers' cores. */
export interface BusiestWindow {
  machineBusy: number;
  /** The servers' CPU over the window in cores (1 = one core fully used). */
  serverCores: number;
  fromMs: number;
  toMs: number;
}

const TICK_MS = 10; // /proc/stat counts in USER_HZ, 100 a second

/** The machine's CPU counters: busy is everything but idle and iowait. */
export function readMachineCpu(stat = readFileSync('/proc/stat', 'utf8')): {
  busyMs: number;
  totalMs: number;
} {
  const fields = stat.split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user and nice)
  const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
  const idle = fields[3]! + fields[4]!;
  return { busyMs: (total - idle) * TICK_MS, totalMs: total * TICK_MS };
}

/**
 * The window of consecutive samples spanning at least `windowMs` whose machine busy share is highest (ties: the
 * earliest). Undefined when the samples span less than the window.
 */
export function busiestWindow(samples: CpuSample[], windowMs: number): BusiestWindow | undefined {
  let best: BusiestWindow | undefined;
  let end = 0;
  for (let start = 0; start < samples.length; start += 1) {
    end = Math.max(end, start + 1);
    while (end < samples.length && samples[end]!.at - samples[start]!.at < windowMs) end += 1;
    if (end >= samples.length) break;
    const a = samples[start]!;
    const b = samples[end]!;
    const total = b.machineTotalMs - a.machineTotalMs;
    if (total <= 0) continue;
    const machineBusy = (b.machineBusyMs - a.machineBusyMs) / total;
    if (!best || machineBusy > best.machineBusy) {
      best = {
        machineBusy,
        serverCores: (b.serversMs - a.serversMs) / (b.at - a.at),
        fromMs: a.at,
        toMs: b.at,
      };
    }
  }
  return best;
}

export interface CpuSampler {
  stop(): CpuSample[];
}

/** Samples the machine and the servers every `everyMs` from a timer in this process. */
export function sampleCpu(serverPids: number[], everyMs = 100): CpuSampler {
  const samples: CpuSample[] = [];
  const take = () => {
    const machine = readMachineCpu();
    let serversMs = 0;
    for (const pid of serverPids) serversMs += procCpuMs(pid);
    samples.push({
      at: performance.now(),
      machineBusyMs: machine.busyMs,
      machineTotalMs: machine.totalMs,
      serversMs,
    });
  };
  take();
  const timer = setInterval(take, everyMs);
  timer.unref(); // a bench that fails before stop() must still exit
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

export const CORES = cpus().length;
