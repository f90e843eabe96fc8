import { readFileSync } from 'node:fs';

/** A field of /proc/{pid}/status in MB (the kernel gives kB), or NaN when the process is gone. */
export function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    return kb === undefined ? Number.NaN : Number(kb) / 1024;
  } catch {
    return Number.NaN;
  }
}

export interface RssSampler {
  /** Stops sampling; answers the highest VmRSS seen and how many samples were taken. */
  stop(): { peakMb: number; samples: number };
}

/** Samples another process's VmRSS every `everyMs` (a timer in this process, so it costs the server nothing). */
export function sampleRss(pid: number, everyMs = 50): RssSampler {
  let peakMb = 0;
  let samples = 0;
  const take = () => {
    const mb = procStatusMb(pid, 'VmRSS');
    if (Number.isFinite(mb)) {
      peakMb = Math.max(peakMb, mb);
      samples += 1;
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peakMb, samples };
    },
  };
}

/** CPU time (user + system) another process has used, in ms, from /proc/{pid}/stat (100 ticks a second). */
export function procCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
