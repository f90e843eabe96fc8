import type { Readable } from 'node:stream';
import type { FileRecord, FileUsage } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { knowledgeStates } from '../knowledge/knowledge-index.service';
import { AppError } from '../../lib/app-error';
import { downloadHeaders } from './download-headers';
import { toFileRecord } from './file-record';
import { UPLOAD_MESSAGES } from './files.messages';
import { findReadyFile, findUserFile, listUserFiles, userStorageUsed } from './files.repository';
import { checkFileSignature } from './file-url';
import type { FileRow } from './files.table';
import type { FilesContext } from './store-file';

/** The user's files, as My Files lists them. */
/**
 * The user's files; an assistant's knowledge file carries where its indexing stands
 * (docs/reference/assistants.md (Knowledge files)), which the builder shows.
 */
export async function listFiles(deps: AppDeps, userId: string): Promise<FileRecord[]> {
  const rows = await listUserFiles(deps.database.db, userId);
  const knowledgeIds = rows.filter((row) => row.context === 'assistants').map((row) => row.file_id);
  const states = new Map(
    (knowledgeIds.length > 0 ? await knowledgeStates(deps.database.db, userId, knowledgeIds) : []).map(
      (state) => [state.file_id, state],
    ),
  );
  return rows.map((row) => {
    const record = toFileRecord(deps.config, row);
    const state = states.get(row.file_id);
    if (!state) return record;
    return { ...record, knowledge: { status: state.status, ...(state.error ? { error: state.error } : {}) } };
  });
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
  return openRow(ctx, await findUserFile(ctx.deps.database.db, userId, fileId));
}

/**
 * A file read through a signed URL (file-url.ts), without a bearer token: the signature must have been made for
 * this file and its owner (else 403 FORBIDDEN, also for an absent file) and must not have expired (401).
 */
export async function openSignedDownload(
  ctx: Pick<FilesContext, 'deps' | 'storageForSource'>,
  fileId: string,
  given: { exp?: string | undefined; sig?: string | undefined },
): Promise<Download> {
  const row = await findReadyFile(ctx.deps.database.db, fileId);
  const check = row ? checkFileSignature(ctx.deps.config, row.user_id, fileId, given) : 'invalid';
  if (check === 'expired') throw new AppError('UNAUTHORIZED', UPLOAD_MESSAGES.linkExpired);
  if (check !== 'valid') throw new AppError('FORBIDDEN', UPLOAD_MESSAGES.linkInvalid);
  return openRow(ctx, row);
}

async function openRow(
  ctx: Pick<FilesContext, 'deps' | 'storageForSource'>,
  row: FileRow | undefined,
): Promise<Download> {
  const storage = row ? await ctx.storageForSource(row.source) : null;
  const object = row && storage ? await storage.get(row.storage_key) : null;
  if (!row || !object) throw new AppError('NOT_FOUND', UPLOAD_MESSAGES.notFound);
  const headers = downloadHeaders(row);
  if (object.bytes !== null) headers['content-length'] = String(object.bytes);
  return { headers, body: object.body };
}
