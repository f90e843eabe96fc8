import type { ExtractedDocument } from './extracted-document';
import { createExtractPool } from './extract-pool';

export { canExtract } from './file-format';
export {
  ExtractError,
  type ExtractErrorCode,
  type ExtractedDocument,
  type ExtractedSection,
} from './extracted-document';

/** Reads the text of knowledge files off the main thread. */
export interface Extractor {
  extract(
    input: { bytes: Buffer; type: string; filename: string },
    signal?: AbortSignal,
  ): Promise<ExtractedDocument>;
  /** Ends the workers; extractions still running or waiting reject (with a plain Error, not an ExtractError). */
  close(): Promise<void>;
}

export interface ExtractorOptions {
  /** Worker threads, each reading one file at a time (default 1). */
  workers?: number;
  /** Wall time one file may take once a worker has it (default 60 s); past it, `ExtractError('timeout')`. */
  timeoutMs?: number;
  /** The most characters of text a file may give (default 5,000,000); past it, `ExtractError('too_large')`. */
  maxTextChars?: number;
}

export const EXTRACTOR_DEFAULTS = { workers: 1, timeoutMs: 60_000, maxTextChars: 5_000_000 } as const;
/** A worker's V8 heap limit: past it the worker is stopped and the file answers `too_large`. */
export const WORKER_MEMORY_MB = 512;
/** A worker idle this long ends, so a server that indexed a file once does not keep pdf.js in memory. */
export const WORKER_IDLE_MS = 30_000;

/**
 * An extractor: `extract` answers a file's text sections or rejects with an `ExtractError` (damaged, encrypted,
 * unsupported, empty, too_large, timeout), which is final for that file. Another rejection (the extractor closed,
 * the signal aborted, a worker that could not start) says nothing about the file: it may be tried again.
 * No thread starts before the first file.
 */
export function createExtractor(options: ExtractorOptions = {}): Extractor {
  const maxTextChars = options.maxTextChars ?? EXTRACTOR_DEFAULTS.maxTextChars;
  const pool = createExtractPool({
    size: Math.max(1, options.workers ?? EXTRACTOR_DEFAULTS.workers),
    timeoutMs: options.timeoutMs ?? EXTRACTOR_DEFAULTS.timeoutMs,
    memoryMb: WORKER_MEMORY_MB,
    idleMs: WORKER_IDLE_MS,
    entryUrl: async () => (await import('./extract.worker')).EXTRACT_WORKER_URL,
  });
  return {
    extract: ({ bytes, type, filename }, signal) =>
      // A copy the pool owns and hands to the worker: the caller's buffer stays usable.
      pool.run({ bytes: new Uint8Array(bytes), type, filename, maxTextChars }, signal),
    close: () => pool.close(),
  };
}
