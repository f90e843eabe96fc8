import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, rename, rm, stat, readdir } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './file-modes';
import type { FileStorage } from './file-storage';

const TMP = '.tmp';

export type LocalStorage = FileStorage & { root: string; sweepTemporary(idleMs?: number): Promise<number> };

/**
 * Files under `{dataDir}/uploads`. A put streams into `.tmp/` and renames into place when complete, so a key
 * never holds a partial file and a crash leaves only temporary files, which `sweepTemporary` removes at start.
 */
export function createLocalStorage(dataDir: string): LocalStorage {
  const root = resolve(dataDir, 'uploads');
  const pathOf = (key: string) => {
    const full = resolve(root, key);
    if (
      !full.startsWith(root + sep) ||
      key.split('/').some((part) => part === '' || part === '..' || part === TMP)
    ) {
      throw new Error(`invalid storage key: ${key}`);
    }
    return full;
  };
  return {
    source: 'local',
    root,
    async put(key, body) {
      const target = pathOf(key);
      const tmpDir = join(root, TMP);
      await mkdir(tmpDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const tmp = join(tmpDir, randomUUID());
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, counter, createWriteStream(tmp, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
        await mkdir(resolve(target, '..'), { recursive: true, mode: PRIVATE_DIR_MODE });
        await rename(tmp, target);
        return { bytes };
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        return { body: createReadStream(path) as Readable, bytes: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    /**
     * Removes temporary files left by a crash mid-put; answers how many. Only files untouched for `idleMs` go, so
     * a put still writing (its file's mtime moves with every chunk) is left alone. Runs at start, so it also
     * closes the uploads folder (0700) that an older version made world-readable: no file under it is reachable.
     */
    async sweepTemporary(idleMs = 10 * 60_000) {
      await chmod(root, PRIVATE_DIR_MODE).catch(() => {});
      const tmpDir = join(root, TMP);
      const names = await readdir(tmpDir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const path = join(tmpDir, name);
        const info = await stat(path).catch(() => null);
        if (!info || Date.now() - info.mtimeMs < idleMs) continue;
        await rm(path, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
