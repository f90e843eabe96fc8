import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WATCHDOG_GRACE_MS } from '../src/lib/shutdown';
import { TSX_LOADER } from './server-process';

// The shutdown's forced exit when the main thread is stuck: its timer can never fire there, so the watchdog
// thread (lib/watchdog.ts) kills the process WATCHDOG_GRACE_MS after the time limit.

const STUCK = join(import.meta.dirname, 'fixtures/stuck-shutdown.ts');
const TIMEOUT_MS = 300; // the fixture's timeoutMs

describe('a stop whose main thread never comes back', () => {
  let child: ReturnType<typeof spawn> | undefined;
  afterEach(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('is killed by the watchdog (SIGKILL) a grace period after the time limit', async () => {
    child = spawn(process.execPath, ['--import', TSX_LOADER, STUCK], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | number | null>((done) =>
      child!.once('exit', (code, signal) => done(signal ?? code)),
    );
    await new Promise<void>((ready, fail) => {
      let out = '';
      child!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('ready\n')) ready();
      });
      child!.once('exit', () => fail(new Error(`the fixture exited before it was ready: ${out}`)));
    });

    const stopping = Date.now();
    child.kill('SIGTERM');
    // Bounded: about 1.3 s is expected; without the watchdog the process would never exit.
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'still running'>(
      (done) => (timer = setTimeout(done, 15_000, 'still running')),
    );
    expect(await Promise.race([exited, deadline]).finally(() => clearTimeout(timer))).toBe('SIGKILL');
    // Not before the time limit and the grace: the event loop's own forced exit had its chance first.
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(TIMEOUT_MS + WATCHDOG_GRACE_MS);
  });
});
