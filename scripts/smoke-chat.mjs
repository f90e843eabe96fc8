import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

// `node scripts/smoke-chat.mjs [--force-build] [--report FILE]`: on the Node running it, builds Parley (what is
// stale, or everything with --force-build), starts the compiled server on a fresh SQLite data folder with OpenAI's
// endpoint pointed at the simulator (the README's "Try the chat API offline"), registers a user and sends one
// chat turn; passes when the final event carries the simulator's scripted reply. CI runs it on the Node versions
// the full suite does not run on (.ci/run); --report writes {name, ok, error?} for .ci/summary.mjs.

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const reportIndex = args.indexOf('--report');
const reportFile = reportIndex >= 0 ? args[reportIndex + 1] : undefined;
const name = `chat smoke on Node ${process.version}`;
// A wall-clock bound only against a hang: a healthy run starts in about 2 s and answers in well under one.
const START_TIMEOUT_MS = 60_000;
const CHAT_TIMEOUT_MS = 60_000;

const children = [];
const dataDir = mkdtempSync(join(tmpdir(), 'parley-smoke-'));

function report(ok, error) {
  if (!reportFile) return;
  mkdirSync(dirname(resolve(ROOT, reportFile)), { recursive: true });
  writeFileSync(resolve(ROOT, reportFile), JSON.stringify({ name, ok, ...(error ? { error } : {}) }) + '\n');
}

/** Starts `node …args`; resolves with the first match of `pattern` in its stdout (its address). */
function startProcess(label, nodeArgs, env, pattern) {
  const child = spawn(process.execPath, nodeArgs, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`${label} did not start within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = pattern.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${label} exited ${code} before listening:\n${stderr.slice(-2000)}`));
    });
  });
}

async function json(res, what) {
  const body = await res.text();
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${body.slice(0, 500)}`);
  return JSON.parse(body);
}

/** The `data:` payloads of a server-sent event stream, parsed. */
function sseEvents(text) {
  return text
    .split(/\n\n/)
    .map((frame) => frame.split('\n').filter((line) => line.startsWith('data:')))
    .filter((lines) => lines.length > 0)
    .map((lines) => JSON.parse(lines.map((line) => line.slice(5).replace(/^ /, '')).join('\n')));
}

async function main() {
  const t0 = performance.now();
  const build = spawnSync(
    process.execPath,
    ['scripts/build.mjs', ...(args.includes('--force-build') ? ['--force'] : [])],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error(`the build failed (exit ${build.status})`);
  const t1 = performance.now();

  // Only what the two processes need: nothing of the CI's own environment (test database URLs) reaches them.
  const baseEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() };
  const simUrl = await startProcess(
    'the simulator',
    ['--import', 'tsx', 'packages/sim/src/cli.ts', '--port', '0', '--host', '127.0.0.1'],
    baseEnv,
    /^(http:\/\/\S+)$/m,
  );
  const serverUrl = await startProcess(
    'the server',
    ['packages/server/dist/main.js'],
    {
      ...baseEnv,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      OPENAI_API_KEY: 'sk-local',
      OPENAI_REVERSE_PROXY: `${simUrl}/v1`,
      OPENAI_MODELS: 'gpt-4o-mini',
    },
    /Parley is listening at (http:\/\/[^\s"]+)/,
  );
  const t2 = performance.now();

  const password = 'smoke-Password-1';
  const registered = await json(
    await fetch(`${serverUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Smoke Test',
        email: 'smoke@example.com',
        password,
        confirm_password: password,
      }),
    }),
    'POST /api/auth/register',
  );
  if (typeof registered.token !== 'string')
    throw new Error(`registration gave no token: ${JSON.stringify(registered)}`);

  const expected = `Hello from the simulator on Node ${process.version}.`;
  const res = await fetch(`${serverUrl}/api/ask/openAI`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${registered.token}`,
      'content-type': 'application/json',
      'x-parley-stream': 'deltas',
    },
    body: JSON.stringify({
      text: `Hello [[sim ${JSON.stringify({ reply: expected })}]]`,
      conversationId: null,
      parentMessageId: '00000000-0000-0000-0000-000000000000',
      model: 'gpt-4o-mini',
    }),
    signal: AbortSignal.timeout(CHAT_TIMEOUT_MS),
  });
  const body = await res.text();
  if (res.status !== 200)
    throw new Error(`POST /api/ask/openAI answered ${res.status}: ${body.slice(0, 500)}`);
  const events = sseEvents(body);
  const final = events.at(-1);
  if (!final?.final) throw new Error(`the stream did not end with a final event:\n${body.slice(-1000)}`);
  const text = final.responseMessage?.text;
  if (text !== expected)
    throw new Error(`the reply is ${JSON.stringify(text)}, expected ${JSON.stringify(expected)}`);
  const deltas = events
    .filter((e) => typeof e.text === 'string' && !e.final && !e.created)
    .map((e) => e.text)
    .join('');
  if (deltas !== expected) throw new Error(`the streamed deltas add up to ${JSON.stringify(deltas)}`);
  const t3 = performance.now();

  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`${name}: ok (build ${s(t1 - t0)}, start ${s(t2 - t1)}, chat turn ${s(t3 - t2)})`);
}

let failure;
try {
  await main();
} catch (error) {
  failure = error instanceof Error ? error.message : String(error);
  console.error(`${name}: FAILED: ${failure}`);
}
for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
await Promise.all(
  children.map((child) =>
    child.exitCode === null ? new Promise((done) => child.once('exit', done)) : undefined,
  ),
);
rmSync(dataDir, { recursive: true, force: true });
report(!failure, failure);
process.exit(failure ? 1 : 0);
