import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { FileStorage } from '../files/storage/file-storage';
import { systemClock, type TaskClock, type TaskHandler } from '../tasks/task';
import { fromChatGpt, isChatGptConversation } from './chatgpt-format';
import { ImportFormatError, type ImportedConversation } from './imported-conversation';
import {
  forgetImportItems,
  getImportForRunner,
  undoImport,
  updateImport,
  writeImportedConversation,
} from './imports.repository';
import { jsonEvents, JsonStreamError } from './json-stream';
import { isLibreChatConversation, LibreChatReader, MESSAGE_FIELDS } from './librechat-format';

/** The task kind of an import: the runner of import-runtime.ts runs it. */
export const IMPORT_TASK = 'conversations.import';

/** What a user reads when the failure is the server's, not the file's. */
export const IMPORT_FAILED = 'The import failed on the server; nothing was imported. Try again later.';

/** Progress is written at least this often while a long part of the file is read without a conversation ending. */
const PROGRESS_EVERY_BYTES = 2 * 1024 * 1024;

const payloadSchema = z.object({ importId: z.string().min(1), userId: z.string().min(1) });

export interface ImportJobOptions {
  db: Db;
  storageForSource(source: string): Promise<FileStorage | null>;
  clock?: TaskClock;
  /** Failures that are the server's (logged; the user reads IMPORT_FAILED). */
  onError?(error: unknown): void;
  /** Runs before each conversation is written (tests: a failure in the middle of a file). */
  beforeWrite?(position: number): Promise<void> | void;
}

/**
 * The task handler of an import (docs/reference/import.md (Progress)): reads the stored file as a stream, writes
 * each conversation as soon as it is read, and on any failure removes every conversation it wrote, so a job ends
 * with all of the file or none of it. A run that starts again (its runner died) first removes the last run's.
 */
export function createImportHandler(options: ImportJobOptions): TaskHandler {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const at = () => new Date(clock.now()).toISOString();
  return {
    async run(payload) {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const { importId, userId } = parsed.data;
      const job = await getImportForRunner(db, importId);
      if (!job || job.status === 'completed' || job.status === 'failed') return;
      await undoImport(db, importId, userId);
      await updateImport(db, importId, { status: 'running', bytes_read: 0, updated_at: at() });
      const storage = await options.storageForSource(job.storage_source);
      try {
        const stored = storage ? await storage.get(job.storage_key) : null;
        if (!stored) throw new Error('the uploaded file is gone from storage');
        await importStream(stored.body, { ...options, importId, userId, at });
        await forgetImportItems(db, importId);
        await updateImport(db, importId, {
          status: 'completed',
          bytes_read: job.total_bytes,
          updated_at: at(),
        });
      } catch (error) {
        const known = error instanceof ImportFormatError || error instanceof JsonStreamError;
        if (!known) options.onError?.(error);
        await undoImport(db, importId, userId);
        await updateImport(db, importId, {
          status: 'failed',
          error: known ? `${error.message} Nothing was imported.` : IMPORT_FAILED,
          updated_at: at(),
        });
      } finally {
        await storage?.delete(job.storage_key).catch((error: unknown) => options.onError?.(error));
      }
    },
  };
}

interface StreamContext extends ImportJobOptions {
  importId: string;
  userId: string;
  at(): string;
}

async function importStream(body: Readable, ctx: StreamContext): Promise<void> {
  let bytesRead = 0;
  let reported = 0;
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      bytesRead += chunk.length;
      yield chunk;
    }
  }
  let position = 0;
  const write = async (conv: ImportedConversation) => {
    await ctx.beforeWrite?.(position);
    await writeImportedConversation(
      ctx.db,
      { importId: ctx.importId, userId: ctx.userId, conversationId: randomUUID(), bytesRead, at: ctx.at() },
      conv,
    );
    reported = bytesRead;
  };
  let root: 'array' | 'object' | null = null;
  let single: LibreChatReader | null = null;
  for await (const event of jsonEvents(counted())) {
    if (event.kind === 'root') {
      root = event.type;
      if (root === 'object') single = new LibreChatReader(1);
    } else if (root === 'array') {
      position += 1;
      await write(fromElement(event.value, position));
    } else if (event.kind === 'item' && event.key !== null && MESSAGE_FIELDS.has(event.key)) {
      single!.message(event.value);
    } else {
      single!.field(event.key!, event.value);
    }
    if (bytesRead - reported >= PROGRESS_EVERY_BYTES) {
      reported = bytesRead;
      await updateImport(ctx.db, ctx.importId, { bytes_read: bytesRead, updated_at: ctx.at() });
    }
  }
  if (single) {
    position = 1;
    await write(single.finish());
  }
  if (root === 'array' && position === 0) throw new ImportFormatError('The file holds no conversations.');
}

/** An element of a top-level array: a ChatGPT conversation, or a LibreChat or Parley export. */
function fromElement(value: unknown, position: number): ImportedConversation {
  if (isChatGptConversation(value)) return fromChatGpt(value as Record<string, unknown>, position);
  if (isLibreChatConversation(value)) {
    const reader = new LibreChatReader(position);
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
      if (MESSAGE_FIELDS.has(key)) for (const m of field as unknown[]) reader.message(m);
      else reader.field(key, field);
    }
    return reader.finish();
  }
  throw new ImportFormatError(
    `Conversation ${position} is not in a format Parley knows (ChatGPT's conversations.json, or a LibreChat or Parley JSON export).`,
  );
}
