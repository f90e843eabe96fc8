import type { Readable } from 'node:stream';
import type { FileRecord, FileUsage } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { downloadHeaders } from './download-headers';
import { toFileRecord } from './file-record';
import { UPLOAD_MESSAGES } from './files.messages';
import { findUserFile, listUserFiles, userStorageUsed } from './files.repository';
import type { FilesContext } from './store-file';

/** The user's files, as My Files lists them. */
export async function listFiles(deps: AppDeps, userId: string): Promise<FileRecord[]> {
  return (await listUserFiles(deps.database.db, userId)).map(toFileRecord);
}

/** What the user's files take together, against the per-user storage limit (null: none). */
export async function fileUsage(deps: AppDeps, userId: string): Promise<FileUsage> {
  return {
    used: await userStorageUsed(deps.database.db, userId),
    limit: deps.config.files.fileConfig.userStorageLimit,
  };
}

export interface Download {
  headers: Record<string, string>;
  body: Readable;
}

/**
 * The owner's file, streamed from the storage it was saved to, with the headers it is served with; anyone else's
 * or an absent one (the row, or the stored object) is 404.
 */
export async function openDownload(
  ctx: Pick<FilesContext, 'deps' | 'storageForSource'>,
  userId: string,
  fileId: string,
): Promise<Download> {
  const row = await findUserFile(ctx.deps.database.db, userId, fileId);
  const storage = row ? await ctx.storageForSource(row.source) : null;
  const object = row && storage ? await storage.get(row.storage_key) : null;
  if (!row || !object) throw new AppError('NOT_FOUND', UPLOAD_MESSAGES.notFound);
  const headers = downloadHeaders(row);
  if (object.bytes !== null) headers['content-length'] = String(object.bytes);
  return { headers, body: object.body };
}
