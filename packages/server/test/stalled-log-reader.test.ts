import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim } from '@parley/sim';
import { eventually, registerUser, slowPrompt, startReply } from './faults/parley-client.test-helpers';
import { buildServer, freePort, spawnServer, waitForHealth } from './server-process';

// The compiled server (as `npm start` runs it) whose log reader stops reading: its standard output is a pipe that
// this test leaves unread, as a stopped `| reader` or a stuck log collector does.
// docs/decisions.md (Logs never block the server)
// Every request is logged at LOG_LEVEL=info, with its URL: padded URLs make each request write about 8 KB, so a
// few hundred fill the pipe (64 KB) and the server's 1 MiB backlog (lib/log-output.ts).

const PAD = 'p'.repeat(8_000);
/** Answers within this or the server counts as stalled (generous: a busy 2-core CI machine). */
const ANSWER_WITHIN_MS = 10_000;
/** shutdown.ts's time limit, after which it exits 1 (README (Production)). */
const STOP_LIMIT_MS = 10_000;

describe('the compiled server whose log reader stopped reading', () => {
  let sim: Awaited<ReturnType<typeof startSim>>;
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    sim = await startSim();
    buildServer();
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await sim?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** `count` logged requests, ten at a time, each to answer 200 within ANSWER_WITHIN_MS. */
  async function padded(baseUrl: string, from: number, count: number): Promise<void> {
    for (let i = from; i < from + count; i += 10) {
      const batch = Array.from({ length: Math.min(10, from + count - i) }, (_, k) =>
        fetch(`${baseUrl}/health?n=${i + k}&pad=${PAD}`, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) }),
      );
      for (const res of await Promise.all(batch)) expect(res.status).toBe(200);
    }
  }

  it('keeps answering, drops what it cannot write and says so, and stops in time', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'parley-stalled-log-'));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    child = spawnServer({
      compiled: true,
      // Its standard output is ours to read, and nothing reads it yet: Node takes at most its stream's buffer
      // (16 KB) from the pipe, and then the pipe fills.
      pipeStdout: true,
      cwd: dataDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DOMAIN_CLIENT: baseUrl,
        DOMAIN_SERVER: baseUrl,
        LOG_LEVEL: 'info',
        OPENAI_API_KEY: 'sk-stalled-log',
        OPENAI_REVERSE_PROXY: `${sim.url}/v1`,
        TITLE_CONVO: 'false',
      },
    });
    const server = child;
    const exited = new Promise<{ code: number | null; at: number }>((done) =>
      server.once('exit', (code) => done({ code, at: Date.now() })),
    );
    expect(await waitForHealth(baseUrl, server, 30_000)).toBe('healthy');

    // A reply streaming for 20 s while the log reader stalls.
    const client = await registerUser(baseUrl);
    const reply = await startReply(client, slowPrompt(400, 20));
    await reply.waitForDeltas(3);

    // About 2.4 MB of log for a pipe nobody reads: every request still answers, and the reply goes on.
    await padded(baseUrl, 0, 300);
    await reply.waitForDeltas(6);

    // The reader catches up: what reached it is whole lines, and once the backlog is written the server says how
    // many lines it dropped (at least those of the padded requests that never arrived).
    const stdout = server.stdout!;
    let text = '';
    const read = (chunk: Buffer) => (text += chunk.toString('utf8'));
    stdout.on('data', read);
    const dropped = /^(\d+) log lines? dropped while the log output was blocked$/;
    const lines = () =>
      text
        .split('\n')
        .slice(0, -1)
        .map((line) => JSON.parse(line) as { msg: string; level: number; req?: { url: string } });
    await eventually(async () => lines().some((line) => dropped.test(line.msg)), 'the dropped-lines notice');
    const notice = lines().find((line) => dropped.test(line.msg))!;
    expect(notice.level).toBe(40);
    const paddedArrived = lines().filter((line) => line.req?.url.startsWith('/health?n=')).length;
    expect(paddedArrived).toBeLessThan(300);
    expect(Number(dropped.exec(notice.msg)![1])).toBeGreaterThanOrEqual(300 - paddedArrived);

    // The reader stalls again and the pipe fills again; then SIGTERM: the reply is stopped and saved, and the
    // process exits 0 well within the time limit, its log lines still waiting.
    stdout.off('data', read);
    stdout.pause();
    await padded(baseUrl, 300, 100);
    const stopping = Date.now();
    server.kill('SIGTERM');
    const events = await reply.end();
    expect(events.final).toBeDefined();
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<'still running'>(
      (done) => (timer = setTimeout(done, STOP_LIMIT_MS, 'still running')),
    );
    const end = await Promise.race([exited, limit]).finally(() => clearTimeout(timer));
    expect(end).not.toBe('still running');
    expect(end).toMatchObject({ code: 0 });
    expect((end as { at: number }).at - stopping).toBeLessThan(STOP_LIMIT_MS);
  }, 60_000);
});
