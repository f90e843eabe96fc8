import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../server-process';

const run = promisify(execFile);

/** A PostgreSQL cluster of the test's own (trust auth, loopback only) that can be stopped and started. */
export interface PgCluster {
  url: string;
  /** `pg_ctl stop -m fast`: every session ends with "terminating connection due to administrator command". */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** A redis-server of the test's own (no persistence: a restart loses everything, like a failover to an empty node). */
export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

const PG_ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin folder, or null. */
function pgBin(): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(PG_ROOT, versions[0], 'bin') : null;
}

const redisBin = (): string | null =>
  ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path)) ?? null;

/** Why the fault tests cannot run here, or null when initdb, pg_ctl and redis-server are installed. */
export function missingServices(): string | null {
  if (!pgBin()) return `no PostgreSQL server binaries under ${PG_ROOT}/*/bin (initdb, pg_ctl)`;
  if (!redisBin()) return 'no redis-server binary';
  return null;
}

// PostgreSQL refuses to run as root; CI runs as root, so the cluster belongs to the `postgres` user there.
const asPostgres = (bin: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];

async function pgCtl(bin: string, args: string[]): Promise<void> {
  const [command, argv] = asPostgres(join(bin, 'pg_ctl'), args);
  await run(command, argv, { timeout: 30_000 });
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = pgBin();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const dir = mkdtempSync(join(tmpdir(), 'parley-faults-pg-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(dir, 'data');
  const [command, argv] = asPostgres(join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  await run(command, argv, { timeout: 60_000 });
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => pgCtl(bin, ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
  const stop = () => pgCtl(bin, ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once a TCP connection to the port succeeds (within 10 s). */
async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port} after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startRedisServer(): Promise<RedisServer> {
  const bin = redisBin();
  if (!bin) throw new Error('redis-server not found');
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    child = spawn(bin, args, { stdio: 'ignore' });
    await waitForPort(port);
  };
  const stop = async () => {
    const current = child;
    child = null;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
