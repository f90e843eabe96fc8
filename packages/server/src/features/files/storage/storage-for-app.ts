import type { AppDeps } from '../../../app-deps';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local.storage';

// One storage per app: S3's client keeps its sockets, the local one its root.
const byApp = new WeakMap<AppDeps, Promise<FileStorage>>();

/**
 * The app's file storage, made on first use: S3 when `fileStrategy: s3` (its SDK loaded only then, to keep idle
 * memory down), else the data folder.
 */
export function fileStorageFor(deps: AppDeps): Promise<FileStorage> {
  let storage = byApp.get(deps);
  if (!storage) {
    storage = makeStorage(deps);
    byApp.set(deps, storage);
  }
  return storage;
}

/** Makes `deps` use the given storage (tests: a storage that fails on purpose); call before the first use. */
export function useFileStorage(deps: AppDeps, storage: FileStorage): void {
  byApp.set(deps, Promise.resolve(storage));
}

async function makeStorage(deps: AppDeps): Promise<FileStorage> {
  const settings = deps.config.files;
  if (settings.strategy === 's3' && settings.s3) {
    const { createS3Storage } = await import('./s3.storage');
    return createS3Storage(settings.s3);
  }
  return createLocalStorage(deps.config.dataDir);
}
