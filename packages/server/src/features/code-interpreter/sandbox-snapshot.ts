import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRELUDE, WARM_IMPORTS } from './sandbox-prelude';
import { spawnSandboxNode, stderrTail } from './sandbox-node';

/** How long making a snapshot may take (a full Pyodide start, some 3 to 5 s here, on a busy machine more). */
const SNAPSHOT_TIMEOUT_MS = 120_000;

/**
 * The memory snapshot's file in `dir`: named by the Pyodide version and what is imported before it is taken, so an
 * update makes a new one (Pyodide itself also refuses a snapshot of another build).
 */
export function snapshotFile(dir: string, pyodideDir: string): string {
  const version = (JSON.parse(readFileSync(join(pyodideDir, 'package.json'), 'utf8')) as { version: string })
    .version;
  const hash = createHash('sha256').update(WARM_IMPORTS).digest('hex').slice(0, 12);
  return join(dir, `pyodide-${version}-${hash}.snapshot`);
}

/**
 * Answers the snapshot's path, making it first when it is not there: a sandbox started from it skips Python's own
 * start (some 3 s) and starts in well under one. It is made in a process of its own that runs no user code, and
 * written with the owner's permissions only (a sandbox reads it, nothing else does).
 */
export async function ensureSnapshot(dir: string, pyodideDir: string): Promise<string> {
  const path = snapshotFile(dir, pyodideDir);
  if (existsSync(path)) return path;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const bytes = await makeSnapshot(pyodideDir);
  const temp = `${path}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, bytes, { mode: 0o600 });
    await chmod(temp, 0o600);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return path;
}

/** Boots Pyodide once in a sandbox process (no user code) and answers its memory snapshot. */
export function makeSnapshot(pyodideDir: string): Promise<Uint8Array> {
  const child = spawnSandboxNode({ pyodideDir, memoryMb: 1024, mode: 'snapshot' });
  const tail = stderrTail(child);
  return new Promise<Uint8Array>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error('making the Python snapshot took too long')),
      SNAPSHOT_TIMEOUT_MS,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.on('error', fail);
    child.on('message', (message: { type?: string; bytes?: Uint8Array }) => {
      if (message.type !== 'snapshot' || !(message.bytes instanceof Uint8Array)) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(message.bytes);
    });
    child.on('exit', (code, signal) =>
      fail(new Error(`making the Python snapshot failed (${signal ?? code}): ${tail()}`)),
    );
    child.send(
      { type: 'init', prelude: PRELUDE, warmImports: WARM_IMPORTS },
      (error) => error && fail(error),
    );
  });
}
