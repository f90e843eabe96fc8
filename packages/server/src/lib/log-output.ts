import { hostname } from 'node:os';
import type { Writable } from 'node:stream';

/** Log text held in memory while the output takes nothing; past it, new lines are dropped (and counted). */
export const LOG_BACKLOG_LIMIT = 1024 * 1024;

/** Where pino writes: one call per log line (a JSON line, its newline included). */
export interface LogOutput {
  write(line: string): void;
}

export interface LogOutputOptions {
  /** The stream the lines go to; the process's standard output by default. */
  sink?: Pick<Writable, 'write' | 'writableLength' | 'on'>;
  /** At or above this much text waiting to be written, a new line is dropped. */
  backlogLimit?: number;
  /** Injected by tests; the real one is Date.now. */
  now?: () => number;
}

/**
 * The server's log output: the process's standard output, never waited for. A log reader that stops reading
 * (a stopped `| reader`, a stuck log collector) fills the pipe; the lines then wait in the stream's buffer, and
 * once `backlogLimit` of text waits, further lines are dropped and counted, so serving never stalls and memory
 * stays bounded. When the reader catches up (the stream's 'drain'), one warning says how many lines were lost.
 * A reader that is gone (EPIPE) ends logging; the server goes on.
 *
 * Not pino's default destination (sonic-boom, asynchronous): it writes through the thread pool, and on exit
 * flushes with a synchronous write that retries every 100 ms for as long as the pipe stays full, so
 * `process.exit` never returned (docs/decisions.md (Logs never block the server)). A pipe or socket here is
 * Node's own non-blocking stream (libuv sets O_NONBLOCK on it): a write that does not fit waits in its buffer,
 * and exiting leaves what still waits behind. A file is written synchronously as before; a terminal is too
 * (Node's choice on Linux), so a terminal paused with Ctrl+S still pauses the server.
 */
export function createLogOutput(options: LogOutputOptions = {}): LogOutput {
  const { sink = process.stdout, backlogLimit = LOG_BACKLOG_LIMIT, now = Date.now } = options;
  let dropped = 0;
  let gone = false;
  // Without a listener, an EPIPE from a reader that exited would be an uncaught exception.
  sink.on('error', () => {
    gone = true;
  });
  sink.on('drain', () => {
    if (dropped === 0 || gone) return;
    const message = `${dropped} log ${dropped === 1 ? 'line' : 'lines'} dropped while the log output was blocked`;
    dropped = 0;
    // pino's shape (level 40 is warn), so whatever reads the log reads this line too.
    sink.write(
      `${JSON.stringify({ level: 40, time: now(), pid: process.pid, hostname: hostname(), msg: message })}\n`,
    );
  });
  return {
    write(line) {
      if (gone) return;
      if (sink.writableLength >= backlogLimit) {
        dropped += 1;
        return;
      }
      sink.write(line);
    },
  };
}

let processOutput: LogOutput | undefined;

/** The one output on the process's standard output, for every logger of the server (created on first use). */
export function processLogOutput(): LogOutput {
  processOutput ??= createLogOutput();
  return processOutput;
}
