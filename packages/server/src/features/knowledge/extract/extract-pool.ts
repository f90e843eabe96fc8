import { Worker } from 'node:worker_threads';
import { ExtractError, type ExtractedDocument } from './extracted-document';
import type { WorkerReply, WorkerRequest } from './worker-protocol';
import { tsxApiFor, WORKER_BOOTSTRAP } from './worker-loader';

export interface ExtractPoolOptions {
  /** Worker threads at most; each reads one file at a time. */
  size: number;
  /** Wall time a file may take, from the moment a worker takes it. */
  timeoutMs: number;
  /** The V8 heap a worker may grow to before it is stopped. */
  memoryMb: number;
  /** A worker idle this long ends, giving its memory back; the next file starts a new one. */
  idleMs: number;
  /** The module a worker runs: it exports `runExtractWorker`. */
  entryUrl: () => Promise<string>;
}

export interface ExtractPool {
  run(request: Omit<WorkerRequest, 'id'>, signal?: AbortSignal): Promise<ExtractedDocument>;
  close(): Promise<void>;
  /** Worker threads alive now. */
  threads(): number;
}

interface Job {
  id: number;
  request: WorkerRequest;
  resolve(document: ExtractedDocument): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  job?: Job;
  /** The worker loaded its module: an error before that is the pool's fault, not the file's. */
  ready: boolean;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Worker threads that read files off the main thread, so a large file never holds up the server's event loop.
 * A file that runs past the time limit, or a worker that dies (out of memory, a crash), costs that worker: it is
 * ended, the call answers an `ExtractError`, and the next file gets a new one.
 */
export function createExtractPool(options: ExtractPoolOptions): ExtractPool {
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  const pump = () => {
    while (queue.length > 0) {
      const idle = [...slots].find((s) => !s.job);
      if (!idle && slots.size >= options.size) return;
      const slot = idle ?? spawn();
      if (!slot) return; // still finding where the module is: the spawn pumps again
      assign(slot, queue.shift()!);
    }
  };

  let entryUrl: string | undefined;
  let resolving = false;
  const spawn = (): Slot | undefined => {
    if (!entryUrl) {
      if (!resolving) {
        resolving = true;
        options.entryUrl().then(
          (url) => {
            entryUrl = url;
            pump();
          },
          (error: unknown) => {
            resolving = false;
            for (const job of queue.splice(0)) settle(job, () => job.reject(error));
          },
        );
      }
      return undefined;
    }
    const worker = new Worker(WORKER_BOOTSTRAP, {
      eval: true,
      workerData: { entryUrl, tsxApi: tsxApiFor(entryUrl) },
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, stackSizeMb: 4 },
    });
    const slot: Slot = { worker, ready: false };
    worker.on('message', (reply: WorkerReply | { ready: true }) => onReply(slot, reply));
    worker.on('error', (error) => endSlot(slot, failureOf(slot, error)));
    worker.on('exit', (code) => endSlot(slot, failureOf(slot, new Error(`the worker exited (${code})`))));
    slots.add(slot);
    return slot;
  };

  const assign = (slot: Slot, job: Job) => {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    slot.worker.ref();
    job.timer = setTimeout(() => {
      const limit = options.timeoutMs;
      const shown = limit >= 1000 ? `${Math.round(limit / 100) / 10} s` : `${limit} ms`;
      endSlot(slot, new ExtractError('timeout', `reading the file took longer than ${shown}`));
    }, options.timeoutMs);
    // A new worker gets its file once it has said it is ready. Sent earlier, a file that crashes the reader at once
    // could have its error arrive before that message, and the file's fault would read as the pool's.
    if (slot.ready) send(slot, job);
  };

  // Transferred, not copied: the request's bytes are the pool's own copy.
  const send = (slot: Slot, job: Job) =>
    slot.worker.postMessage(job.request, [job.request.bytes.buffer as ArrayBuffer]);

  const onReply = (slot: Slot, reply: WorkerReply | { ready: true }) => {
    if ('ready' in reply) {
      slot.ready = true;
      if (slot.job) send(slot, slot.job);
      return;
    }
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = undefined;
    settle(job, () =>
      'document' in reply
        ? job.resolve(reply.document)
        : job.reject(new ExtractError(reply.error.code, reply.error.message)),
    );
    rest(slot);
    pump();
  };

  const rest = (slot: Slot) => {
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => endSlot(slot), options.idleMs);
    slot.idleTimer.unref();
  };

  /** Ends a worker; its file, if any, fails with `error`. */
  const endSlot = (slot: Slot, error?: unknown) => {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.idleTimer);
    void slot.worker.terminate();
    const job = slot.job;
    slot.job = undefined;
    if (job) settle(job, () => job.reject(error ?? new Error('the worker ended')));
    pump();
  };

  const settle = (job: Job, answer: () => void) => {
    clearTimeout(job.timer);
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    answer();
  };

  return {
    run(request, signal) {
      if (closed) return Promise.reject(new Error('the extractor is closed'));
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<ExtractedDocument>((resolve, reject) => {
        const job: Job = { id: nextId++, request: { ...request, id: 0 }, resolve, reject, signal };
        job.request.id = job.id;
        if (signal) {
          // Reading cannot be interrupted inside a worker (a parser is synchronous): an abort ends the worker.
          job.onAbort = () => {
            const waiting = queue.indexOf(job);
            if (waiting >= 0) {
              queue.splice(waiting, 1);
              settle(job, () => reject(signal.reason));
              return;
            }
            const slot = [...slots].find((s) => s.job === job);
            if (slot) endSlot(slot, signal.reason);
          };
          signal.addEventListener('abort', job.onAbort, { once: true });
        }
        queue.push(job);
        pump();
      });
    },
    async close() {
      closed = true;
      const error = new Error('the extractor is closed');
      for (const job of queue.splice(0)) settle(job, () => job.reject(error));
      const ending = [...slots].map((slot) => {
        const done = slot.worker.terminate();
        endSlot(slot, error);
        return done;
      });
      await Promise.all(ending);
    },
    threads: () => slots.size,
  };
}

/** Why a worker's file failed when the worker itself failed. */
function failureOf(slot: Slot, error: Error): Error {
  if (!slot.ready) return new Error(`the extraction worker could not start: ${error.message}`);
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new ExtractError('too_large', 'reading the file needs more memory than the extractor may use');
  }
  return new ExtractError('damaged', `the file could not be read: the reader stopped (${error.message})`);
}
