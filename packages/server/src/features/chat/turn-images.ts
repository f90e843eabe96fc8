import { buffer } from 'node:stream/consumers';
import type { AppDeps } from '../../app-deps';
import type { PromptImage } from '../../providers/build-prompt';
import { findUserFiles } from '../files/files.repository';
import type { AppStorage } from '../files/storage/storage-for-app';

/**
 * The bytes of the images a turn sends, by file id, read from storage (each at most the endpoint's size limit).
 * An image whose file was deleted, or whose bytes are missing or unreadable, is left out and logged: the turn
 * still answers, without it.
 */
export async function loadTurnImages(
  deps: AppDeps,
  storage: AppStorage['storage'],
  userId: string,
  fileIds: readonly string[],
  logError: (error: unknown, what: string) => void,
): Promise<Map<string, PromptImage>> {
  const ids = [...new Set(fileIds)];
  const loaded = new Map<string, PromptImage>();
  if (ids.length === 0) return loaded;
  const rows = await findUserFiles(deps.database.db, userId, ids);
  const files = await storage();
  await Promise.all(
    rows.map(async (row) => {
      try {
        const stored = await files.get(row.storage_key);
        if (!stored) throw new Error(`the bytes of file ${row.file_id} are missing from storage`);
        loaded.set(row.file_id, { data: await buffer(stored.body), mediaType: row.type });
      } catch (error) {
        logError(error, 'image left out of the turn');
      }
    }),
  );
  for (const id of ids) {
    if (!rows.some((row) => row.file_id === id)) {
      logError(new Error(`file ${id} no longer exists`), 'image left out of the turn');
    }
  }
  return loaded;
}
