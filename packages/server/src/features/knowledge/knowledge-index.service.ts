import { z } from 'zod';
import type { KnowledgeErrorCode, KnowledgeFileState } from '@parley/shared';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/dialect-helpers';
import {
  enqueueTask,
  PermanentTaskError,
  systemClock,
  type TaskClock,
  type TaskHandler,
} from '../tasks/task';
import { chunkSectionsInSlices, yieldToEventLoop, type ChunkOptions } from './chunk-text';
import type { EmbeddingClient } from './embeddings';
import { extractErrorCode, type ExtractorPort } from './extractor-port';
import { replaceChunks } from './knowledge-chunks.repository';
import { passageTerms } from './knowledge-terms';
import {
  deleteKnowledgeRows,
  findKnowledgeFile,
  listKnowledgeFiles,
  lockKnowledgeFile,
  markError,
  markIndexing,
  markReady,
} from './knowledge-files.repository';

/** The task kind of indexing a knowledge file: a runner given `createIndexingHandler` under this key runs it. */
export const KNOWLEDGE_INDEX_TASK = 'knowledge.index';

/** Runs of an indexing task before the file is marked failed (the first and four retries). */
export const INDEX_MAX_ATTEMPTS = 5;

/** Passages a file may have: about 4 MB of English text, far past any document a model is asked about. */
export const MAX_CHUNKS_PER_FILE = 3_000;

/** Passages tokenized between two pauses of the main thread (about a millisecond of work). */
const CHUNKS_PER_SLICE = 8;

/** What a user reads beside a file that could not be indexed, by reason (the web translates by `error_code`). */
export const INDEX_ERROR_MESSAGES: Readonly<Record<KnowledgeErrorCode, string>> = {
  damaged: 'The file is damaged and its text could not be read.',
  encrypted: 'The file is protected with a password. Upload a copy without the password.',
  unsupported: 'Text cannot be read from this type of file.',
  empty: 'The file has no text to index.',
  too_large: 'The file has too much text to index.',
  timeout: 'Reading the file took too long.',
  failed: 'The file could not be indexed. Try uploading it again later.',
};

const payloadSchema = z.object({ fileId: z.string().min(1), userId: z.string().min(1) });

/**
 * Queues a file for indexing (in the caller's transaction when `db` is one): its state becomes `indexing` and a task
 * does the work in the background, on whichever instance claims it. A file already queued or being indexed is not
 * queued twice.
 */
export async function queueIndexing(
  db: Db,
  file: { fileId: string; userId: string },
  options: { clock?: TaskClock } = {},
): Promise<void> {
  const clock = options.clock ?? systemClock;
  await withTransaction(db, async (trx) => {
    await markIndexing(trx, file, new Date(clock.now()).toISOString());
    await enqueueTask(trx, KNOWLEDGE_INDEX_TASK, file, {
      dedupeKey: `knowledge:${file.fileId}`,
      maxAttempts: INDEX_MAX_ATTEMPTS,
      clock,
    });
  });
}

/** Forgets the index of these files: call it when files are deleted (their rows also go with the file rows). */
export function deleteKnowledge(db: Db, fileIds: readonly string[]): Promise<void> {
  return deleteKnowledgeRows(db, fileIds);
}

/** The indexing state of the user's files among `fileIds` (files never queued, or another user's, are absent). */
export async function knowledgeStates(
  db: Db,
  userId: string,
  fileIds: readonly string[],
): Promise<KnowledgeFileState[]> {
  const rows = await listKnowledgeFiles(db, userId, fileIds);
  return rows.map((r) => ({
    file_id: r.file_id,
    status: r.status,
    ...(r.status === 'error' ? { error_code: r.error_code ?? 'failed', error: r.error ?? '' } : {}),
    chunks: r.chunk_count,
  }));
}

/** A stored file as indexing reads it. */
export interface KnowledgeSource {
  bytes: Buffer;
  /** Its MIME type (decided from the content at upload). */
  type: string;
  filename: string;
}

export interface IndexingOptions {
  db: Db;
  /** The file's bytes from storage; undefined when they are gone (the file deleted meanwhile, or lost). */
  readFile(fileId: string, signal: AbortSignal): Promise<KnowledgeSource | undefined>;
  extractor: ExtractorPort;
  /** Given when the operator configured embeddings: passages are stored with vectors. */
  embeddings?: EmbeddingClient;
  chunking?: ChunkOptions;
  maxChunks?: number;
  clock?: TaskClock;
  /** Hears of passages stored without vectors after the embeddings server kept failing (to log it). */
  onEmbeddingsSkipped?(fileId: string, error: unknown): void;
}

/** The task handler that indexes one file: read, extract, cut, embed, then write everything in one transaction. */
export function createIndexingHandler(options: IndexingOptions): TaskHandler {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const at = () => new Date(clock.now()).toISOString();
  const fail = (fileId: string, code: KnowledgeErrorCode) =>
    markError(db, { fileId, code, message: INDEX_ERROR_MESSAGES[code], at: at() });

  return {
    async run(payload, ctx) {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) throw new PermanentTaskError('the indexing task has no file');
      const { fileId, userId } = parsed.data;
      const state = await findKnowledgeFile(db, fileId);
      if (!state || state.user_id !== userId) return;
      const source = await options.readFile(fileId, ctx.signal);
      // Gone from storage: a deleted file's state goes with its row; one whose bytes were lost says it failed.
      if (!source) return fail(fileId, 'failed');

      let sections;
      try {
        ({ sections } = await options.extractor.extract(
          { bytes: source.bytes, type: source.type, filename: source.filename },
          ctx.signal,
        ));
      } catch (error) {
        const code = extractErrorCode(error);
        // A timeout may be the machine's load: tried again, and reported only when the last try timed out too.
        if (code && (code !== 'timeout' || ctx.attempt >= ctx.maxAttempts)) return fail(fileId, code);
        throw error;
      }
      // Cut and tokenized in slices before the transaction: the main thread serves other requests in between.
      const chunks = await chunkSectionsInSlices(sections, options.chunking);
      if (chunks.length === 0) return fail(fileId, 'empty');
      if (chunks.length > (options.maxChunks ?? MAX_CHUNKS_PER_FILE)) return fail(fileId, 'too_large');

      let vectors: Float32Array[] | undefined;
      if (options.embeddings) {
        try {
          vectors = await options.embeddings.embed(
            chunks.map((c) => c.text),
            ctx.signal,
          );
        } catch (error) {
          if (ctx.signal.aborted || ctx.attempt < ctx.maxAttempts) throw error;
          // Full text still finds the file: better than no index after the embeddings server failed every time.
          options.onEmbeddingsSkipped?.(fileId, error);
        }
      }
      const terms: string[][] = [];
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0 && i % CHUNKS_PER_SLICE === 0) await yieldToEventLoop();
        terms.push(passageTerms(chunk.text));
      }
      await withTransaction(db, async (trx) => {
        if (!(await lockKnowledgeFile(trx, fileId))) return;
        const rows = chunks.map((c, i) => ({
          ...c,
          terms: terms[i]!,
          ...(vectors ? { embedding: vectors[i] } : {}),
        }));
        const termTotal = await replaceChunks(trx, { fileId, userId }, rows);
        await markReady(trx, {
          fileId,
          chunkCount: chunks.length,
          termTotal,
          embeddingModel: vectors ? options.embeddings!.key : null,
          at: at(),
        });
      });
    },
    async onFailed(payload) {
      const parsed = payloadSchema.safeParse(payload);
      if (parsed.success) await fail(parsed.data.fileId, 'failed');
    },
  };
}
