import type { AppDeps } from '../../../app-deps';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local.storage';
import { fileStorageFor } from './storage-for-app';

const localByApp = new WeakMap<AppDeps, FileStorage>();

/**
 * The storage that holds a row's bytes: the app's, or the data folder for rows written before the operator moved
 * to S3 (they stay readable and deletable). Null when the row's storage is not configured any more (an S3 row on
 * a server now local): its bytes cannot be reached from here.
 */
export async function storageForSource(deps: AppDeps, source: string): Promise<FileStorage | null> {
  const current = await fileStorageFor(deps);
  if (current.source === source) return current;
  if (source !== 'local') return null;
  let local = localByApp.get(deps);
  if (!local) {
    local = createLocalStorage(deps.config.dataDir);
    localByApp.set(deps, local);
  }
  return local;
}
