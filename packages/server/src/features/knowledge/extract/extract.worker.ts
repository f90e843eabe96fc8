import { parentPort } from 'node:worker_threads';
import { extractDocument } from './extract-document';
import { ExtractError } from './extracted-document';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

/**
 * Where this module is, for the pool to start a worker on it: the source file under tsx or Vitest, the chunk
 * esbuild made of it in the built server. Import this module only with `import()`: that is what gives it a chunk
 * of its own in the build, and its URL is then never the server's entry file.
 */
export const EXTRACT_WORKER_URL = import.meta.url;

/** The worker's loop: one request at a time (the pool sends no second before the first is answered). */
export function runExtractWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('runExtractWorker runs in a worker thread only');
  port.on('message', (request: WorkerRequest) => {
    void answer(request).then((reply) => port.postMessage(reply));
  });
  port.postMessage({ ready: true });
}

async function answer(request: WorkerRequest): Promise<WorkerReply> {
  try {
    return { id: request.id, document: await extractDocument(request) };
  } catch (error) {
    if (error instanceof ExtractError) {
      return { id: request.id, error: { code: error.code, message: error.message } };
    }
    // A reader that failed in a way it did not foresee still answers: the file is not read, and saying so beats
    // leaving the caller waiting for the time limit.
    const reason = error instanceof Error ? error.message : String(error);
    return { id: request.id, error: { code: 'damaged', message: `the file could not be read: ${reason}` } };
  }
}
