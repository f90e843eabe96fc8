import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
// An absolute loader path: the server runs with its temp data folder as cwd, where `tsx` is not resolvable.
const TSX_LOADER = join(ROOT, 'node_modules/tsx/dist/loader.mjs');
/** The compiled server, as production runs it (`npm start`, the Docker image). */
export const COMPILED_MAIN = join(ROOT, 'packages/server/dist/main.js');

export interface StartOptions {
  /** Run the compiled server (built first when its sources changed) instead of main.ts through tsx. */
  compiled?: boolean;
}

/** Builds the compiled server when its sources changed since the last build (as `npm start` does). */
export function buildServer(): void {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), 'server'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`the server build failed (exit ${built.status})`);
}

export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  /** The server's process id (benches read its memory from /proc). */
  pid: number;
  stop(): Promise<void>;
}

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `main.ts` through tsx (or the compiled server), in a temp data folder, and waits for /health. */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<ServerProcess> {
  if (options.compiled) buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    options.compiled ? [COMPILED_MAIN] : ['--import', TSX_LOADER, join(ROOT, 'packages/server/src/main.ts')],
    {
      cwd: dataDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DOMAIN_CLIENT: baseUrl,
        DOMAIN_SERVER: baseUrl,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering`);
    try {
      const res = await fetch(`${baseUrl}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not answer /health within 30 s');
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseUrl,
    dataDir,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
