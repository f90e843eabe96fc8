import { createReadStream } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { FILE_MESSAGES, type FileContext } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import {
  deleteFileRows,
  insertPendingFile,
  insertPendingFileWithinQuota,
  markFileReady,
} from './files.repository';
import type { FileRow } from './files.table';
import { UPLOAD_MESSAGES } from './files.messages';
import { storageKey, type FileStorage } from './storage/file-storage';
import type { AppStorage } from './storage/storage-for-app';
import { quotaExceeded } from './storage-quota';

/** What a file service works with: the app, its storage and a log for failures the client is not told about. */
export interface FilesContext {
  deps: AppDeps;
  storage: FileStorage;
  /** The storage of a row's `source` (the app's, or the data folder for older rows): storage-for-app.ts. */
  storageForSource: AppStorage['storageForSource'];
  log: FastifyBaseLogger;
}

export interface FileToStore {
  fileId: string;
  userId: string;
  filename: string;
  type: string;
  width: number | null;
  height: number | null;
  context: FileContext;
  assistantId: string | null;
  messageFile: boolean;
  /** The local file whose bytes are stored. */
  path: string;
  /** Its size, counted against the quota while the bytes are being stored. */
  bytes?: number;
  /** The user's storage quota in bytes, checked as the row is written; null or absent: none. */
  quota?: number | null;
}

/**
 * Stores a file in two repairable steps: a pending row, then the bytes, then the row made ready. A failure undoes
 * what was done (the object, then the row), so a failed upload leaves nothing; if the undo itself fails the row
 * stays pending and the repair finishes it. `signal` aborts a put that runs past the upload deadline.
 */
export async function storeFile(
  ctx: FilesContext,
  file: FileToStore,
  signal?: AbortSignal,
): Promise<FileRow> {
  const { db } = ctx.deps.database;
  const key = storageKey(file.userId, file.fileId);
  const createdAt = nowIso();
  const row: FileRow = {
    file_id: file.fileId,
    user_id: file.userId,
    filename: file.filename,
    type: file.type,
    bytes: file.bytes ?? 0,
    width: file.width,
    height: file.height,
    source: ctx.storage.source,
    context: file.context,
    storage_key: key,
    status: 'pending',
    assistant_id: file.assistantId,
    message_file: file.messageFile ? 1 : 0,
    created_at: createdAt,
    updated_at: createdAt,
  };
  if (file.quota == null) await insertPendingFile(db, row);
  else {
    const { inserted, used } = await insertPendingFileWithinQuota(db, row, file.bytes ?? 0, file.quota);
    if (!inserted) throw quotaExceeded(file.quota, used);
  }
  try {
    const { bytes } = await ctx.storage.put(key, createReadStream(file.path, { signal }), file.type);
    const ready = { ...row, status: 'ready' as const, bytes, updated_at: nowIso() };
    await markFileReady(db, file.fileId, {
      bytes,
      width: file.width,
      height: file.height,
      type: file.type,
      updatedAt: ready.updated_at,
    });
    return ready;
  } catch (error) {
    ctx.log.error({ err: error, fileId: file.fileId }, 'storing an upload failed; undoing it');
    await undo(ctx, key, file.fileId);
    if (signal?.aborted) throw new AppError('VALIDATION', UPLOAD_MESSAGES.timedOut);
    throw new AppError('INTERNAL', FILE_MESSAGES.uploadFailed);
  }
}

async function undo(ctx: FilesContext, key: string, fileId: string): Promise<void> {
  try {
    await ctx.storage.delete(key);
    await deleteFileRows(ctx.deps.database.db, [fileId]);
  } catch (error) {
    ctx.log.warn({ err: error, fileId }, 'undoing a failed upload failed; the repair will finish it');
  }
}
