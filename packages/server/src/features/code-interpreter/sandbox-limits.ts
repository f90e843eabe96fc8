import { readFileSync } from 'node:fs';

/** A sandbox's limits (docs/reference/code-interpreter.md (Limits and settings)). */
export interface SandboxLimits {
  /** A run that takes longer is stopped (its sandbox is killed). */
  wallMs: number;
  /** CPU time a sandbox may use for one run, or while it waits between runs. */
  cpuMs: number;
  /** Resident memory of the sandbox process; past it the process is killed. */
  memoryMb: number;
  /** What is kept of stdout, and of stderr, per run (UTF-8 bytes); the rest is cut with a note. */
  outputBytes: number;
  /** The largest file a run may hand back; a larger one is listed as skipped. */
  fileBytes: number;
  /** How many files a run may hand back; the others are listed as skipped. */
  fileCount: number;
  /** The attached files' total size a run accepts. */
  inputBytes: number;
}

export const SANDBOX_LIMIT_DEFAULTS: Readonly<SandboxLimits> = Object.freeze({
  wallMs: 30_000,
  cpuMs: 30_000,
  memoryMb: 512,
  outputBytes: 64 * 1024,
  fileBytes: 10 * 1024 * 1024,
  fileCount: 10,
  inputBytes: 50 * 1024 * 1024,
});

/** What /proc tells of a process: resident memory and CPU time used. Undefined when it is gone or there is no /proc. */
export interface ProcUsage {
  rssMb: number;
  cpuMs: number;
}

/** Linux's clock ticks per second for /proc/{pid}/stat, the same on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

export function procUsage(pid: number): ProcUsage | undefined {
  try {
    // The fields after the command name (which may hold spaces and parentheses): utime and stime are the 12th and
    // 13th. Memory is VmRSS of status, in kB, so no page size is needed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuMs = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    if (kb === undefined || !Number.isFinite(cpuMs)) return undefined;
    return { rssMb: Number(kb) / 1024, cpuMs };
  } catch {
    return undefined;
  }
}
