import { nowIso } from '../../lib/clock';
import { deleteFileRows, markFilesDeleting } from './files.repository';
import type { FileRow } from './files.table';
import type { FilesContext } from './store-file';

type RemoveContext = Pick<FilesContext, 'deps' | 'storageForSource' | 'log'>;

/**
 * Deletes the user's files among `fileIds` (others' and unknown ids are skipped without a word): rows marked
 * deleting, objects removed, rows removed. Answers the ids deleted. An object that cannot be removed now leaves
 * its row deleting (no longer listed nor downloadable) for the repair to finish.
 */
export async function deleteUserFiles(
  ctx: RemoveContext,
  userId: string,
  fileIds: readonly string[],
): Promise<string[]> {
  const rows = await markFilesDeleting(ctx.deps.database.db, userId, [...new Set(fileIds)], nowIso());
  const removed = await removeObjects(ctx, rows);
  await deleteFileRows(ctx.deps.database.db, removed);
  return rows.map((r) => r.file_id);
}

/** Removes the rows' objects; answers the ids whose object is gone (or was never there). */
export async function removeObjects(ctx: RemoveContext, rows: readonly FileRow[]) {
  const results = await Promise.allSettled(rows.map((row) => removeObject(ctx, row)));
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

async function removeObject(ctx: RemoveContext, row: FileRow): Promise<boolean> {
  const storage = await ctx.storageForSource(row.source);
  if (!storage) return false;
  await storage.delete(row.storage_key);
  return true;
}
