import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Parley's server as a child process, for whatever needs a real one: the browser specs' setup, the benches, the
// process tests and `npm run demo`. Exported as `@parley/server/testing`.

const ROOT = resolve(import.meta.dirname, '../../..');
// An absolute loader path: the server may run with a temp data folder as cwd, where `tsx` is not resolvable.
export const TSX_LOADER = join(ROOT, 'node_modules/tsx/dist/loader.mjs');
const MAIN_TS = join(ROOT, 'packages/server/src/main.ts');
/** The compiled server, as production runs it (`npm start`, the Docker image). */
export const COMPILED_MAIN = join(ROOT, 'packages/server/dist/main.js');
/** How often /health is asked while a server starts. */
const HEALTH_POLL_MS = 150;

export interface StartOptions {
  /** Run the compiled server (built first when its sources changed) instead of main.ts through tsx. */
  compiled?: boolean;
  /**
   * Also write the server's standard output (its JSON log) to this file, for tests that read what it logged (the
   * SMS codes of SMS_PROVIDER=log); it still reaches this process's output too.
   */
  logFile?: string;
  /** Another compiled build's main.js to run instead (a bench comparing it with the code before a change). */
  main?: string;
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
  /** The exit code once the process ended (null when a signal killed it). */
  exited: Promise<number | null>;
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

export interface SpawnServerOptions {
  /** The child's whole environment (nothing of this process's is added). */
  env: NodeJS.ProcessEnv;
  /** Its working folder; this process's by default. */
  cwd?: string;
  /** dist/main.js (build it first: `buildServer`) instead of main.ts through tsx. */
  compiled?: boolean;
  /** In a process group of its own, so a terminal's Ctrl+C reaches only the parent, which stops it once. */
  detached?: boolean;
  /** Hand its standard output to the caller (`child.stdout`) instead of sharing this process's. */
  pipeStdout?: boolean;
  /** A compiled main.js other than this checkout's (implies compiled). */
  main?: string;
}

/** Starts the server as a child process, its output on this one's; answers at once (see `waitForHealth`). */
export function spawnServer(options: SpawnServerOptions): ChildProcess {
  const args = options.main
    ? [options.main]
    : options.compiled
      ? [COMPILED_MAIN]
      : ['--import', TSX_LOADER, MAIN_TS];
  return spawn(process.execPath, args, {
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.detached ? { detached: true } : {}),
    env: options.env,
    stdio: ['ignore', options.pipeStdout ? 'pipe' : 'inherit', 'inherit'],
  });
}

/**
 * Asks `${baseUrl}/health` until it answers OK: 'healthy'; 'exited' when the child ended first (it has said
 * why), 'timeout' when it never answered within `timeoutMs`.
 */
export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<'healthy' | 'exited' | 'timeout'> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) return 'exited';
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return 'healthy';
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) return 'timeout';
    await new Promise((r) => setTimeout(r, HEALTH_POLL_MS));
  }
}

/** Starts `main.ts` through tsx (or the compiled server), in a temp data folder, and waits for /health. */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<ServerProcess> {
  if (options.compiled && !options.main) buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawnServer({
    compiled: options.compiled,
    ...(options.main ? { main: options.main } : {}),
    pipeStdout: options.logFile !== undefined,
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
  });
  const { logFile } = options;
  if (logFile !== undefined) {
    child.stdout!.on('data', (chunk: Buffer) => {
      appendFileSync(logFile, chunk);
      process.stdout.write(chunk);
    });
  }
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const health = await waitForHealth(baseUrl, child, 30_000);
  if (health === 'exited') {
    throw new Error(`server exited with ${child.exitCode ?? child.signalCode} before answering`);
  }
  if (health === 'timeout') throw new Error('server did not answer /health within 30 s');
  return {
    baseUrl,
    dataDir,
    pid: child.pid!,
    exited,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new, empty PostgreSQL schema on `url`, for servers that share one database (two instances): `url` is the
 * connection string that selects it, `drop` removes it and all it holds.
 */
export async function freshPostgresSchema(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE SCHEMA ${schema}`);
  return {
    url: `${baseUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: () => run(`DROP SCHEMA IF EXISTS ${schema} CASCADE`),
  };
}
