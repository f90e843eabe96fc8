import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { RUNNER_SOURCE } from './sandbox-runner.source';

/** The folder of the installed `pyodide` package: the only place a sandbox may read (with its snapshot). */
export function pyodideDir(): string {
  return dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
}

/**
 * Node's permission model: `--permission` from Node 22.13/23.5 on, `--experimental-permission` before (Node 20).
 * Either way a sandbox may read only the folders it is given, write nothing, start no process, worker or addon.
 */
export function permissionFlag(): string {
  return process.allowedNodeEnvironmentFlags.has('--permission')
    ? '--permission'
    : '--experimental-permission';
}

export type SandboxMode = 'sandbox' | 'snapshot';

/**
 * The Node flags of a sandbox process (docs/reference/code-interpreter.md (Isolation layers)). The permission model
 * lets it read only `readable`; `--disallow-code-generation-from-strings` stops `eval`/`new Function` inside it, so a
 * script cannot be built from text to reach what was removed; the V8 settings keep an idle sandbox small (Liftoff
 * code only, a small young generation, one platform thread, and `gc` for the runner's collections, deleted before
 * user code runs).
 */
export function sandboxNodeFlags(readable: readonly string[], memoryMb: number): string[] {
  return [
    permissionFlag(),
    ...readable.map((path) => `--allow-fs-read=${path}`),
    '--disallow-code-generation-from-strings',
    '--no-warnings',
    '--expose-gc',
    '--liftoff-only',
    '--max-semi-space-size=1',
    '--v8-pool-size=1',
    `--max-old-space-size=${Math.max(64, Math.floor(memoryMb / 2))}`,
  ];
}

/** Starts one sandbox process, with an empty environment, talking over IPC only. */
export function spawnSandboxNode(options: {
  pyodideDir: string;
  snapshotPath?: string | undefined;
  memoryMb: number;
  mode: SandboxMode;
}): ChildProcess {
  const readable = [options.pyodideDir, ...(options.snapshotPath ? [options.snapshotPath] : [])];
  const args = [
    ...sandboxNodeFlags(readable, options.memoryMb),
    '--input-type=module',
    '-e',
    RUNNER_SOURCE,
    options.pyodideDir,
    options.snapshotPath ?? '',
    options.mode,
  ];
  return spawn(process.execPath, args, {
    env: {},
    cwd: options.pyodideDir,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
}

/** The last `max` characters a child wrote to stderr, for the error when it fails to start. */
export function stderrTail(child: ChildProcess, max = 2000): () => string {
  let tail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-max);
  });
  return () => tail.trim();
}
