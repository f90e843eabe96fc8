import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { PRIVATE_DIR_MODE } from './storage/file-modes';
import { join, resolve } from 'node:path';

/**
 * Uploads are received into `{dataDir}/uploads/.tmp`, the folder the local storage also stages its writes in, so
 * one sweep (LocalStorage.sweepTemporary) removes what a crash left of either.
 */
export function uploadTempDir(dataDir: string): string {
  return join(resolve(dataDir), 'uploads', '.tmp');
}

/** A fresh path in the temporary folder (the folder is made if needed; the file is not). */
export async function newTempPath(dataDir: string, label = 'upload'): Promise<string> {
  const dir = uploadTempDir(dataDir);
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  return join(dir, `${label}-${randomUUID()}`);
}

/** Removes temporary files; a missing one is fine, and a failure is left to the sweep rather than thrown. */
export async function removeTemp(...paths: (string | null | undefined)[]): Promise<void> {
  await Promise.all(paths.map((p) => (p ? rm(p, { force: true }).catch(() => {}) : undefined)));
}
