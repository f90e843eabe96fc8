import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'parley-main-'));
  dirs.push(dir);
  return dir;
}

/** Starts main.ts as `npm run serve` does, with only the environment given (not the test runner's). */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /Parley is listening at (http:\/\/[^\s"]+)/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`exited ${code} before listening: ${stderr}`)));
  });
  listening.catch(() => {}); // only the tests that expect a start await it
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

describe('main.ts', () => {
  it('refuses a bad config file before opening anything', async () => {
    const dataDir = tempDataDir();
    const configPath = join(dataDir, 'bad.yaml');
    writeFileSync(
      configPath,
      'version: 1.0.3\nendpoints:\n  custom:\n    - name: openAI\n      apiKey: k\n      baseURL: http://x\n      models: { default: [m] }\n',
    );
    const run = startMain({ DATA_DIR: dataDir, CONFIG_PATH: configPath });
    expect(await run.exited).not.toBe(0);
    expect(run.output().stderr).toContain('Parley cannot start:');
    expect(run.output().stderr).toContain('endpoints.custom[0].name');
    expect(readdirSync(dataDir)).toEqual(['bad.yaml']);
  });

  it('serves /health and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDataDir();
    const run = startMain({ DATA_DIR: dataDir });
    const url = await run.listening;
    const res = await fetch(`${url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
    expect(existsSync(join(dataDir, 'parley.db'))).toBe(true);
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(true);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output().stdout).toContain('applied migrations');
  });

  it('fails to start with a clear message when Redis cannot be reached', async () => {
    const dataDir = tempDataDir();
    const run = startMain({ DATA_DIR: dataDir, REDIS_URL: 'redis://:secret@127.0.0.1:1' });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toMatch(
      /Parley cannot start: cannot connect to Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/,
    );
    expect(run.output().stderr).not.toContain('secret');
  });
});
