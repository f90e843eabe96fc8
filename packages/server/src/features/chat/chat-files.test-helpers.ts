import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { fileDownloadPath } from '@parley/shared';
import type { Db } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { insertPendingFile, markFileReady } from '../files/files.repository';
import { storageKey } from '../files/storage/file-storage';
import { createLocalStorage } from '../files/storage/local.storage';

// Shared by the chat tests that attach files; not part of the app.

/** A real PNG of the given size, a different colour per `seed` so two images never share bytes. */
export function pngOf(width: number, height: number, seed = 0): Promise<Buffer> {
  const background = { r: (seed * 53) % 256, g: (seed * 101) % 256, b: 200 };
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

export interface StoredFile {
  file_id: string;
  bytes: Buffer;
  type: string;
  width: number | null;
  height: number | null;
}

/**
 * Puts ready files in place the way the upload does (pending row, bytes in storage, row ready), so chat tests run
 * without the upload route. The storage is the app's local one: the same folder under `dataDir`.
 */
export function fileFixture(db: Db, dataDir: string) {
  const storage = createLocalStorage(dataDir);
  return {
    async store(
      userId: string,
      file: { bytes: Buffer; type?: string; width?: number | null; height?: number | null },
    ): Promise<StoredFile> {
      const fileId = randomUUID();
      const type = file.type ?? 'image/png';
      const at = nowIso();
      const key = storageKey(userId, fileId);
      await insertPendingFile(db, {
        file_id: fileId,
        user_id: userId,
        filename: `${fileId}.png`,
        type,
        bytes: 0,
        width: null,
        height: null,
        source: 'local',
        context: 'message_attachment',
        storage_key: key,
        assistant_id: null,
        message_file: 1,
        created_at: at,
        updated_at: at,
      });
      const { bytes } = await storage.put(key, Readable.from([file.bytes]), type);
      const width = file.width === undefined ? 4 : file.width;
      const height = file.height === undefined ? 3 : file.height;
      await markFileReady(db, fileId, { bytes, width, height, type, updatedAt: nowIso() });
      return { file_id: fileId, bytes: file.bytes, type, width, height };
    },
    /** Removes a file's bytes and leaves its row (a storage that lost the object). */
    dropBytes: (userId: string, fileId: string) => storage.delete(storageKey(userId, fileId)),
  };
}

/** What the server keeps on the message for a stored file. */
export const factsOf = (file: StoredFile) => ({
  file_id: file.file_id,
  filepath: fileDownloadPath(file.file_id),
  type: file.type,
  ...(file.width !== null ? { width: file.width } : {}),
  ...(file.height !== null ? { height: file.height } : {}),
});
