import type { AppDeps } from '../../app-deps';
import { nowIso } from '../../lib/clock';
import { deleteFileRows, markFilesDeleting } from './files.repository';
import type { FileRow } from './files.table';
import type { FilesContext } from './store-file';
import { storageForSource } from './storage/storage-for-source';

/**
 * Deletes the user's files among `fileIds` (others' and unknown ids are skipped without a word): rows marked
 * deleting, objects removed, rows removed. Answers the ids deleted. An object that cannot be removed now leaves
 * its row deleting (no longer listed nor downloadable) for the repair to finish.
 */
export async function deleteUserFiles(
  ctx: Pick<FilesContext, 'deps' | 'log'>,
  userId: string,
  fileIds: readonly string[],
): Promise<string[]> {
  const rows = await markFilesDeleting(ctx.deps.database.db, userId, [...new Set(fileIds)], nowIso());
  const removed = await removeObjects(ctx, rows);
  await deleteFileRows(ctx.deps.database.db, removed);
  return rows.map((r) => r.file_id);
}

/** Removes the rows' objects; answers the ids whose object is gone (or was never there). */
export async function removeObjects(ctx: Pick<FilesContext, 'deps' | 'log'>, rows: readonly FileRow[]) {
  const results = await Promise.allSettled(rows.map((row) => removeObject(ctx.deps, row)));
  const removed: string[] = [];
  results.forEach((result, i) => {
    const row = rows[i]!;
    if (result.status === 'fulfilled' && result.value) removed.push(row.file_id);
    else if (result.status === 'rejected') {
      ctx.log.warn({ err: result.reason, fileId: row.file_id }, 'removing a stored file failed; will retry');
    }
  });
  return removed;
}

async function removeObject(deps: AppDeps, row: FileRow): Promise<boolean> {
  const storage = await storageForSource(deps, row.source);
  if (!storage) return false;
  await storage.delete(row.storage_key);
  return true;
}
