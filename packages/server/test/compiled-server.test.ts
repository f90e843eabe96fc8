import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

// The compiled server as production runs it: the Docker image's CMD, graceful stop, and what it has loaded once
// it answers (packages a request may never need load on first use).

const ROOT = resolve(import.meta.dirname, '../../..');
const RECORD_LOADS = join(import.meta.dirname, 'fixtures/record-loads.mjs');
const running: ChildProcess[] = [];
const dirs: string[] = [];

// Both builds, as `npm start` makes them (each only when stale): the server serves the web app it finds beside it.
beforeAll(() => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'ignore' });
  if (built.status !== 0) throw new Error(`npm run build failed (exit ${built.status})`);
}, 180_000);

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The exec-form CMD of the Dockerfile's last stage, e.g. ["node", "packages/server/dist/main.js"]. */
function dockerCmd(): string[] {
  const lines = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').split('\n');
  const cmd = lines.filter((l) => l.startsWith('CMD ')).pop();
  if (!cmd) throw new Error('the Dockerfile has no CMD');
  return JSON.parse(cmd.slice(4)) as string[];
}

/** The exec-form HEALTHCHECK command of the Dockerfile. */
function dockerHealthcheck(): string[] {
  const text = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const match = /^HEALTHCHECK [^\n]*\\\n\s*CMD (\[.*\])$/m.exec(text);
  if (!match?.[1]) throw new Error('the Dockerfile has no exec-form HEALTHCHECK');
  return JSON.parse(match[1]) as string[];
}

/** Starts `node …args` from the repository root with a fresh DATA_DIR; resolves with its URL once listening. */
async function start(args: string[], env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-compiled-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = await new Promise<string>((done, fail) => {
    child.stdout!.on('data', () => {
      const match = /Parley is listening at (http:\/\/[^\s"]+)/.exec(stdout);
      if (match?.[1]) done(match[1]);
    });
    void exited.then((code) => fail(new Error(`exited ${code} before listening: ${stderr}`)));
  });
  return { child, url, dataDir, exited, output: () => ({ stdout, stderr }) };
}

describe('the compiled server', () => {
  it("starts with the Dockerfile's CMD, answers /health, serves the web app and stops cleanly", async () => {
    const [command, ...args] = dockerCmd();
    expect(command).toBe('node');
    expect(args).toEqual(['packages/server/dist/main.js']);
    const server = await start(args);
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
    expect(existsSync(join(server.dataDir, 'parley.db'))).toBe(true);
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');

    const [check, ...checkArgs] = dockerHealthcheck();
    expect(check).toBe('node');
    const healthy = spawnSync(process.execPath, checkArgs, {
      env: { PATH: process.env.PATH ?? '', PORT: new URL(server.url).port },
    });
    expect(healthy.status).toBe(0);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const unhealthy = spawnSync(process.execPath, checkArgs, {
      env: { PATH: process.env.PATH ?? '', PORT: new URL(server.url).port },
    });
    expect(unhealthy.status).toBe(1);
    expect(server.output().stdout).toContain('stopped');
  });

  it('builds the web app for production even when the caller runs under NODE_ENV=test', () => {
    // Vitest sets NODE_ENV=test and the build above inherits it; Vite would then bundle React's development build
    // (a chunk per component calling jsxDEV, StrictMode's double effects), which the browser specs then test.
    expect(process.env.NODE_ENV).toBe('test');
    const assets = join(ROOT, 'packages/web/dist/assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    const development = scripts.filter((name) => readFileSync(join(assets, name), 'utf8').includes('jsxDEV'));
    // One library chunk names jsxDEV in a string; a development build has it in every component chunk (28 here).
    expect(development.length).toBeLessThanOrEqual(2);
    expect(scripts.length).toBeGreaterThan(20);
  });

  it('has not loaded what a request may never need, and loads it on first use', async () => {
    const loadsFile = join(mkdtempSync(join(tmpdir(), 'parley-loads-')), 'loads.txt');
    dirs.push(resolve(loadsFile, '..'));
    // As in production, where the browsable API document is off by default: when on, its plugin (and the YAML
    // writer it brings) is registered at start, as Fastify plugins must be.
    const server = await start(['--import', RECORD_LOADS, 'packages/server/dist/main.js'], {
      PARLEY_RECORD_LOADS: loadsFile,
      API_DOCS_UI: 'false',
      // SMS sign-in on: its SDK still loads only when a code is sent (none is here).
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: 'Parley',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      // The shop on with Stripe: its SDK loads with the first order or notice, as would Alipay's or WeChat Pay's.
      CHECK_BALANCE: 'true',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_WEBHOOK_SECRET: 'whsec_unused',
    });
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const loaded = () => readFileSync(loadsFile, 'utf8');
    const pkg = (name: string) => `/node_modules/${name}/`;
    // What it needs (a CommonJS native driver, an ES module framework) is seen, so the check below can fail.
    expect(loaded()).toContain(pkg('better-sqlite3'));
    expect(loaded()).toContain(pkg('fastify'));
    expect(loaded()).toContain('/packages/server/dist/main.js');
    for (const name of [
      '@node-rs/argon2',
      'gpt-tokenizer',
      'ioredis',
      'pg',
      'yaml',
      'sharp',
      'file-type',
      '@aws-sdk/client-s3',
      '@fastify/swagger',
      '@fastify/swagger-ui',
      'fastify-type-provider-zod',
      'openid-client',
      '@alicloud/dysmsapi20170525',
      'tencentcloud-sdk-nodejs-sms',
      'alipay-sdk',
      'wechatpay-axios-plugin',
      'stripe',
      '@zxcvbn-ts/language-common',
    ]) {
      expect(loaded(), name).not.toContain(pkg(name));
    }

    const password = 'correct horse battery';
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Lazy', email: 'lazy@example.com', password, confirm_password: password }),
    });
    expect(registered.status).toBe(201);
    expect(loaded()).toContain(pkg('@node-rs/argon2'));
    // The common-password list comes with the first password set (docs/reference/accounts.md (Hardening)).
    expect(loaded()).toContain(pkg('@zxcvbn-ts/language-common'));

    // The API document is built on its first request.
    const docs = await fetch(`${server.url}/api/docs/json`);
    expect(docs.status).toBe(200);
    expect(((await docs.json()) as { openapi: string }).openapi).toBe('3.1.0');
    expect(loaded()).toContain(pkg('@fastify/swagger'));
  });
});
