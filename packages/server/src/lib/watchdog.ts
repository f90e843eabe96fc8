import { Worker } from 'node:worker_threads';

// The watchdog's own thread: a timer on its own event loop, then SIGKILL for the whole process. Nothing else: it
// writes no log line, since a write to a stuck output is what may have stopped the main thread in the first place.
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.afterMs);
`;

/**
 * Kills this process with SIGKILL after `afterMs`, from a worker thread, so it happens even when the main thread
 * never returns to its event loop (blocked in a write, a synchronous loop, an exit handler that never ends) and a
 * timer of its own could never fire. A worker's `process.exit` would end only the worker, hence the signal; a
 * shell or Docker reports the exit status as 137 (128 + 9). The thread does not keep the process alive, and ends
 * with it. `onError` hears of a thread that failed to start or run (left unheard, it would crash the process).
 */
export function startWatchdog(afterMs: number, onError: (error: Error) => void): void {
  const worker = new Worker(WATCHDOG_SOURCE, { eval: true, workerData: { pid: process.pid, afterMs } });
  worker.on('error', onError);
  worker.unref();
}
