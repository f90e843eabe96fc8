import type { ChildProcess } from 'node:child_process';
import { PRELUDE, WARM_IMPORTS } from './sandbox-prelude';
import { procUsage, type SandboxLimits } from './sandbox-limits';
import { spawnSandboxNode, stderrTail } from './sandbox-node';

/** A file given to a run: readable by the code at `/mnt/data/{name}`. */
export interface SandboxFile {
  name: string;
  bytes: Uint8Array;
}

/** Why a sandbox was stopped in the middle of a run. */
export type SandboxStop = 'wall_time' | 'cpu_time' | 'memory' | 'crashed';

/** What one run answers (the child's part of it; the pool types the files). */
export interface SandboxRawResult {
  /** The Python traceback, or why the run was stopped; null when the code ran to its end. */
  error: string | null;
  stopped?: SandboxStop;
  stdout: string;
  stderr: string;
  files: SandboxFile[];
  /** Files the code wrote that were not handed back (over the size or count cap). */
  skipped: string[];
}

export interface SandboxProcessOptions {
  pyodideDir: string;
  snapshotPath?: string | undefined;
  limits: SandboxLimits;
  /** How often memory and CPU time are read from /proc. */
  monitorMs: number;
  /** How long a start may take before it counts as failed. */
  startTimeoutMs?: number;
}

/** One sandbox process: one Python interpreter, one run at a time. */
export interface Sandbox {
  readonly pid: number;
  readonly alive: boolean;
  run(code: string, files: SandboxFile[], signal?: AbortSignal): Promise<SandboxRawResult>;
  kill(): void;
  /** Called once, when the process is gone (killed, crashed or stopped by a limit). */
  onExit(listener: () => void): void;
}

type ChildMessage = { type: 'ready' } | ({ type: 'result'; id: number; fatal?: boolean } & SandboxRawResult);

/** Starts a sandbox and resolves once it is ready for user code (docs/reference/code-interpreter.md (The pool)). */
export function startSandbox(options: SandboxProcessOptions): Promise<Sandbox> {
  const child = spawnSandboxNode({ ...options, memoryMb: options.limits.memoryMb, mode: 'sandbox' });
  const tail = stderrTail(child);
  return new Promise<Sandbox>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the Python sandbox took too long to start'));
    }, options.startTimeoutMs ?? 60_000);
    const onEarlyExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      reject(new Error(`the Python sandbox did not start (${signal ?? code}): ${tail()}`));
    };
    child.once('exit', onEarlyExit);
    child.once('error', (error) => (clearTimeout(timer), child.kill('SIGKILL'), reject(error)));
    child.on('message', function onReady(message: ChildMessage) {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      child.off('exit', onEarlyExit);
      child.off('message', onReady);
      resolve(watchSandbox(child, options));
    });
    child.send(
      { type: 'init', prelude: PRELUDE, warmImports: WARM_IMPORTS },
      (error) => error && child.kill('SIGKILL'),
    );
  });
}

const STOP_TEXT: Record<SandboxStop, (limits: SandboxLimits) => string> = {
  wall_time: (l) => `The code ran longer than ${l.wallMs / 1000} s and was stopped.`,
  cpu_time: (l) => `The code used more than ${l.cpuMs / 1000} s of CPU time and was stopped.`,
  memory: (l) => `The code used more than ${l.memoryMb} MB of memory and was stopped.`,
  crashed: () => 'The Python sandbox stopped unexpectedly.',
};

function watchSandbox(child: ChildProcess, options: SandboxProcessOptions): Sandbox {
  const { limits } = options;
  const pid = child.pid!;
  let alive = true;
  let stopped: SandboxStop | undefined;
  let nextId = 1;
  let pending: { id: number; settle: (result: SandboxRawResult) => void } | undefined;
  const exitListeners: (() => void)[] = [];
  // CPU is counted from the start of a run, or from the end of the last one while the sandbox waits: code that
  // left work behind (a timer loop) cannot use CPU for free between runs.
  let cpuBase = procUsage(pid)?.cpuMs ?? 0;

  // Dead from the moment it is killed, not from its exit some milliseconds later: nothing may be sent to it then.
  const kill = () => {
    alive = false;
    child.kill('SIGKILL');
  };
  const stop = (reason: SandboxStop) => {
    stopped ??= reason;
    kill();
  };
  const monitor = setInterval(() => {
    const usage = procUsage(pid);
    if (!usage) return;
    if (usage.rssMb > limits.memoryMb) stop('memory');
    else if (usage.cpuMs - cpuBase > limits.cpuMs) stop('cpu_time');
  }, options.monitorMs);
  monitor.unref();

  child.on('error', () => stop('crashed'));
  child.on('message', (message: ChildMessage) => {
    if (message.type !== 'result' || message.id !== pending?.id) return;
    const { type: _type, id: _id, fatal, ...result } = message;
    if (fatal) stop('crashed');
    pending.settle(result);
  });
  let exited = false;
  child.once('exit', () => {
    alive = false;
    exited = true;
    clearInterval(monitor);
    const reason = stopped ?? 'crashed';
    pending?.settle({
      error: STOP_TEXT[reason](limits),
      stopped: reason,
      stdout: '',
      stderr: '',
      files: [],
      skipped: [],
    });
    for (const listener of exitListeners.splice(0)) listener();
  });

  return {
    pid,
    get alive() {
      return alive;
    },
    kill,
    onExit(listener) {
      if (exited) listener();
      else exitListeners.push(listener);
    },
    run(code, files, signal) {
      if (!alive) return Promise.reject(new Error('the Python sandbox has stopped'));
      if (pending) return Promise.reject(new Error('the Python sandbox is busy'));
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      const id = nextId++;
      cpuBase = procUsage(pid)?.cpuMs ?? cpuBase;
      return new Promise<SandboxRawResult>((resolve, reject) => {
        const wall = setTimeout(() => stop('wall_time'), limits.wallMs);
        const onAbort = () => {
          finish();
          kill();
          reject(signal!.reason as Error);
        };
        const finish = () => {
          clearTimeout(wall);
          signal?.removeEventListener('abort', onAbort);
          pending = undefined;
          cpuBase = procUsage(pid)?.cpuMs ?? cpuBase;
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        pending = { id, settle: (result) => (finish(), resolve(result)) };
        const caps = {
          outputBytes: limits.outputBytes,
          fileBytes: limits.fileBytes,
          fileCount: limits.fileCount,
        };
        // A process that died a moment ago fails the send: its exit then answers the run.
        child.send({ type: 'run', id, code, files, caps }, (error) => error && stop('crashed'));
      });
    },
  };
}
