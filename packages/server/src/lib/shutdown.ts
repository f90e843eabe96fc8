import type { FastifyInstance } from 'fastify';

export type Closer = () => Promise<unknown> | unknown;

export interface ShutdownOptions {
  /** After this long the process exits 1 whatever is still open. */
  timeoutMs?: number;
  signals?: NodeJS.Signals[];
  /** Injected by tests; the real one is process.exit. */
  exit?: (code: number) => void;
}

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
 * supervisor notices, but the remaining closers still run.
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
  } = options;
  let running = false;

  async function shutdown(reason: string): Promise<void> {
    if (running) {
      app.log.warn({ reason }, 'second stop request: exiting now');
      exit(1);
      return;
    }
    running = true;
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

  const onSignal = (signal: NodeJS.Signals) => void shutdown(signal);
  for (const signal of signals) process.on(signal, onSignal);
  return {
    shutdown,
    uninstall: () => {
      for (const signal of signals) process.off(signal, onSignal);
    },
  };
}
