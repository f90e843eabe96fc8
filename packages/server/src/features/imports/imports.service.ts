import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { MAX_IMPORT_BYTES, type ImportJob, type ImportStarted } from '@parley/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../files/storage/file-storage';
import { storageKey } from '../files/storage/file-storage';
import type { ReceivedFile } from '../files/upload-stream';
import { enqueueTask, systemClock, type TaskClock } from '../tasks/task';
import { IMPORT_TASK } from './import-job';
import { getImport, insertImport } from './imports.repository';
import type { ConversationImportRow } from './imports.table';

/** What the import calls say when they refuse (docs/reference/import.md (Limits)). */
export const IMPORT_MESSAGES = {
  noFile: 'No file: send the export in the form field "file".',
  empty: 'The file is empty.',
  notJson:
    "The file is not a JSON export. Import ChatGPT's conversations.json, or a LibreChat or Parley JSON export.",
  tooLarge: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB, the most an import takes.`,
  notFound: 'Import job not found.',
} as const;

/** The refusal of a file past the limit, as the upload receipt raises it. */
export const importByteLimit = {
  bytes: MAX_IMPORT_BYTES,
  refuse: () => new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge, { field: 'file' }),
};

/**
 * Starts an import of a received file: what can be told at once (no file, an empty one, one that is not JSON) is
 * refused here; the file then goes to the app's storage, so whichever instance runs the job can read it, and a
 * task is queued with the job's row.
 */
export async function startImport(
  ctx: { db: Db; storage: FileStorage; clock?: TaskClock },
  userId: string,
  file: ReceivedFile | null,
): Promise<ImportStarted> {
  if (!file) throw new AppError('VALIDATION', IMPORT_MESSAGES.noFile, { field: 'file' });
  await checkStart(file.path);
  const clock = ctx.clock ?? systemClock;
  const importId = randomUUID();
  const key = storageKey(userId, `import-${importId}.json`);
  await ctx.storage.put(key, createReadStream(file.path), 'application/json');
  const now = new Date(clock.now()).toISOString();
  try {
    await insertImport(ctx.db, {
      import_id: importId,
      user_id: userId,
      status: 'pending',
      storage_source: ctx.storage.source,
      storage_key: key,
      total_bytes: file.bytes,
      bytes_read: 0,
      conversations: 0,
      error: null,
      created_at: now,
      updated_at: now,
    });
    await enqueueTask(ctx.db, IMPORT_TASK, { importId, userId }, { maxAttempts: 3, clock });
  } catch (error) {
    await ctx.storage.delete(key).catch(() => {});
    throw error;
  }
  return { message: 'Import started.', jobId: importId, status: 'pending' };
}

/** The user's job; another user's (or none) is 404. */
export async function importStatus(db: Db, userId: string, importId: string): Promise<ImportJob> {
  const row = await getImport(db, userId, importId);
  if (!row) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);
  return toImportJob(row);
}

function toImportJob(row: ConversationImportRow): ImportJob {
  return {
    jobId: row.import_id,
    status: row.status,
    bytesRead: Number(row.bytes_read),
    totalBytes: Number(row.total_bytes),
    conversations: Number(row.conversations),
    ...(row.error ? { error: row.error } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The first characters tell a JSON export (an array or an object) from anything else. */
async function checkStart(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const text = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    if (bytesRead === 0) throw new AppError('VALIDATION', IMPORT_MESSAGES.empty, { field: 'file' });
    if (text === '' && bytesRead < 4096)
      throw new AppError('VALIDATION', IMPORT_MESSAGES.empty, { field: 'file' });
    if (text !== '' && text[0] !== '[' && text[0] !== '{') {
      throw new AppError('VALIDATION', IMPORT_MESSAGES.notJson, { field: 'file' });
    }
  } finally {
    await handle.close();
  }
}
