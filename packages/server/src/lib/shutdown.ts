import type { FastifyInstance } from 'fastify';
import { startWatchdog } from './watchdog';

export type Closer = () => Promise<unknown> | unknown;

export interface ShutdownOptions {
  /** After this long the process exits 1 whatever is still open. */
  timeoutMs?: number;
  signals?: NodeJS.Signals[];
  /** Injected by tests; the real one is process.exit. */
  exit?: (code: number) => void;
  /**
   * Also start a thread outside the event loop that kills the process (SIGKILL) `WATCHDOG_GRACE_MS` after the
   * time limit, for when even the forced exit cannot run (lib/watchdog.ts). On with the real exit; off by default
   * when a test injects `exit`, since it would kill the test runner.
   */
  watchdog?: boolean;
}

/** How long after the time limit the watchdog kills a process whose forced exit did not happen. */
export const WATCHDOG_GRACE_MS = 1_000;

export interface GracefulShutdown {
  /** What a signal triggers; callable directly. A second call while one is running forces exit 1. */
  shutdown(reason: string): Promise<void>;
  /** Removes the signal handlers (tests that install more than once). */
  uninstall(): void;
}

/**
 * On SIGTERM/SIGINT: stop accepting connections and let in-flight requests finish (Fastify's close, which
 * closes each connection as it goes idle: lib/close-idle-connections.ts), then run the closers in order
 * (database, redis), then exit 0. A closer that fails makes the exit code 1 so a
 * supervisor notices, but the remaining closers still run. After `timeoutMs` the process exits 1 whatever is still
 * open; that timer needs the event loop, so a watchdog thread kills the process (SIGKILL, status 137) a second
 * later if the main thread is stuck and even that exit did not happen.
 */
export function installGracefulShutdown(
  app: FastifyInstance,
  closers: Closer[],
  options: ShutdownOptions = {},
): GracefulShutdown {
  const {
    timeoutMs = 10_000,
    signals = ['SIGTERM', 'SIGINT'],
    exit = (code) => process.exit(code),
    watchdog = options.exit === undefined,
  } = options;
  let running = false;

  async function shutdown(reason: string): Promise<void> {
    if (running) {
      app.log.warn({ reason }, 'second stop request: exiting now');
      exit(1);
      return;
    }
    running = true;
    if (watchdog) armWatchdog(timeoutMs + WATCHDOG_GRACE_MS);
    app.log.info({ reason }, 'stopping: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error(`still not stopped after ${timeoutMs} ms: exiting now`);
      exit(1);
    }, timeoutMs);
    timer.unref();
    let code = 0;
    for (const close of [() => app.close(), ...closers]) {
      try {
        await close();
      } catch (err) {
        app.log.error({ err }, 'error while stopping');
        code = 1;
      }
    }
    clearTimeout(timer);
    app.log.info('stopped');
    exit(code);
  }

  function armWatchdog(afterMs: number): void {
    // A thread that cannot start (out of memory, a thread limit) leaves the event loop's timer alone on duty.
    const failed = (err: unknown) => app.log.error({ err }, 'the shutdown watchdog did not start');
    try {
      startWatchdog(afterMs, failed);
    } catch (err) {
      failed(err);
    }
  }

  const onSignal = (signal: NodeJS.Signals) => void shutdown(signal);
  for (const signal of signals) process.on(signal, onSignal);
  return {
    shutdown,
    uninstall: () => {
      for (const signal of signals) process.off(signal, onSignal);
    },
  };
}
