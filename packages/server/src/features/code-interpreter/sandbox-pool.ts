import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareInputFiles, typeOutputFiles, type SandboxOutputFile } from './sandbox-files';
import { SANDBOX_LIMIT_DEFAULTS, type SandboxLimits } from './sandbox-limits';
import { pyodideDir as findPyodide } from './sandbox-node';
import { startSandbox, type Sandbox, type SandboxFile, type SandboxStop } from './sandbox-process';
import { ensureSnapshot } from './sandbox-snapshot';
import { createSessions, type PoolClock } from './sandbox-sessions';

export type { PoolClock } from './sandbox-sessions';

/** Settings of the sandbox pool (docs/reference/code-interpreter.md (Limits and settings)). */
export interface SandboxPoolOptions {
  /** Warm sandboxes kept ready while the pool is in use (default 1; 0 starts one per run). */
  size?: number;
  /** Sandboxes running or holding a session at once (default 4); past it the least recently used idle session is released, or the run waits. */
  maxSandboxes?: number;
  /** A session unused this long is released, and the warm sandboxes once the whole pool is (default 10 min). */
  idleMs?: number;
  limits?: Partial<SandboxLimits>;
  /** Where the memory snapshot is kept across restarts (the data folder's cache); a private temporary folder when absent. */
  cacheDir?: string;
  /** How often a sandbox's memory and CPU time are read (default 100 ms). */
  monitorMs?: number;
  /** The clock of the idle timers (tests). */
  clock?: PoolClock;
  /** Told when a sandbox fails to start or the snapshot cannot be made; the pool goes on. */
  onError?: (error: Error) => void;
}

export interface SandboxRunRequest {
  code: string;
  /** Readable at `/mnt/data/{name}`. */
  files?: readonly SandboxFile[];
  /** Runs with one key share one interpreter, like a notebook; without one each run gets a fresh interpreter. */
  sessionKey?: string;
  signal?: AbortSignal;
}

export interface SandboxRunResult {
  /** True when the code ran to its end without an exception. */
  ok: boolean;
  stdout: string;
  stderr: string;
  /** The Python traceback, or why the run was stopped. */
  error?: string;
  /** The limit that stopped it, or `crashed`; the session's variables are then gone. */
  stopped?: SandboxStop;
  /** Files the code wrote or changed in `/mnt/data` during this run. */
  files: SandboxOutputFile[];
  /** Files it wrote that are over the size or count cap, not handed back. */
  skippedFiles: string[];
  durationMs: number;
}

export interface SandboxPool {
  /** The limits every sandbox of the pool runs under. */
  readonly limits: Readonly<SandboxLimits>;
  run(request: SandboxRunRequest): Promise<SandboxRunResult>;
  /** Starts the warm sandboxes now and resolves when they are ready. */
  warm(): Promise<void>;
  stats(): { warm: number; starting: number; sessions: number; running: number };
  close(): Promise<void>;
}

const realClock: PoolClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** A pool of Python sandboxes (docs/reference/code-interpreter.md (The pool)). Starts no process until used. */
export function createSandboxPool(options: SandboxPoolOptions = {}): SandboxPool {
  const limits: SandboxLimits = { ...SANDBOX_LIMIT_DEFAULTS, ...options.limits };
  const size = options.size ?? 1;
  const clock = options.clock ?? realClock;
  const onError = options.onError ?? (() => {});
  let pyodide: string | undefined;
  let privateDir: string | undefined;
  let snapshot: Promise<string | undefined> | undefined;
  let closed = false;
  let inUse = false;
  let poolIdle: unknown;
  const warm: Sandbox[] = [];
  const starting = new Set<Promise<Sandbox | undefined>>();

  const snapshotPath = () =>
    (snapshot ??= (async () => {
      const dir = options.cacheDir ?? (privateDir = mkdtempSync(join(tmpdir(), 'parley-python-')));
      return ensureSnapshot(dir, (pyodide ??= findPyodide()));
    })().catch((error: Error) => (onError(error), undefined)));

  async function start(): Promise<Sandbox> {
    const path = await snapshotPath();
    const base = { pyodideDir: (pyodide ??= findPyodide()), limits, monitorMs: options.monitorMs ?? 100 };
    try {
      return await startSandbox({ ...base, snapshotPath: path });
    } catch (error) {
      if (!path) throw error;
      // A snapshot this Pyodide cannot use (damaged, another build): this pool starts without one from now on, and
      // the file goes, so the next start of the server makes a new one.
      onError(error as Error);
      snapshot = Promise.resolve(undefined);
      rmSync(path, { force: true });
      return startSandbox(base);
    }
  }

  function refill() {
    while (!closed && inUse && warm.length + starting.size < size) {
      const pending: Promise<Sandbox | undefined> = start().then(
        (sandbox) => {
          starting.delete(pending);
          if (closed || !inUse) {
            sandbox.kill();
            return undefined;
          }
          warm.push(sandbox);
          sandbox.onExit(() => {
            const at = warm.indexOf(sandbox);
            if (at < 0) return;
            warm.splice(at, 1);
            refill();
          });
          return sandbox;
        },
        (error: Error) => {
          starting.delete(pending);
          onError(error);
          return undefined;
        },
      );
      starting.add(pending);
    }
  }

  async function take(): Promise<Sandbox> {
    const ready = warm.shift();
    refill();
    return ready ?? start();
  }

  const sessions = createSessions({
    clock,
    idleMs: options.idleMs ?? 600_000,
    maxSandboxes: options.maxSandboxes ?? 4,
    take,
  });

  function touch() {
    inUse = true;
    if (poolIdle !== undefined) clock.clearTimeout(poolIdle);
    poolIdle = clock.setTimeout(() => {
      // Nothing ran for idleMs: the warm sandboxes go too, and come back with the next run.
      inUse = false;
      for (const sandbox of warm.splice(0)) sandbox.kill();
    }, options.idleMs ?? 600_000);
  }

  return {
    limits: Object.freeze(limits),
    async run(request) {
      if (closed) throw new Error('the Python sandbox pool is closed');
      const files = prepareInputFiles(request.files ?? [], limits);
      touch();
      refill();
      const started = performance.now();
      const raw = await sessions.run(
        request.sessionKey,
        (sandbox) => sandbox.run(request.code, files, request.signal),
        request.signal,
      );
      touch();
      return {
        ok: raw.error === null,
        stdout: raw.stdout,
        stderr: raw.stderr,
        ...(raw.error !== null ? { error: raw.error } : {}),
        ...(raw.stopped ? { stopped: raw.stopped } : {}),
        files: await typeOutputFiles(raw.files),
        skippedFiles: raw.skipped,
        durationMs: performance.now() - started,
      };
    },
    async warm() {
      touch();
      refill();
      await Promise.all([...starting]);
    },
    stats: () => ({ warm: warm.length, starting: starting.size, ...sessions.stats() }),
    async close() {
      closed = true;
      if (poolIdle !== undefined) clock.clearTimeout(poolIdle);
      for (const sandbox of warm.splice(0)) sandbox.kill();
      await Promise.all([...starting]);
      sessions.close();
      await snapshot;
      if (privateDir) rmSync(privateDir, { recursive: true, force: true });
    },
  };
}
