import type { AppDeps } from '../../../app-deps';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local.storage';

/** The app's file storages: one per app (app-services.ts), since S3's client keeps its sockets. */
export interface AppStorage {
  /**
   * The configured storage, made on first use: S3 when `fileStrategy: s3` (its SDK loaded only then, to keep idle
   * memory down), else the data folder.
   */
  storage(): Promise<FileStorage>;
  /**
   * The storage that holds a row's bytes: the app's, or the data folder for rows written before the operator moved
   * to S3 (they stay readable and deletable). Null when the row's storage is not configured any more (an S3 row on
   * a server now local): its bytes cannot be reached from here.
   */
  storageForSource(source: string): Promise<FileStorage | null>;
  /** Closes the configured storage's clients if it was made. */
  close(): Promise<void>;
}

/** `override` replaces the configured storage (tests: a storage that fails on purpose). */
export function createAppStorage(deps: AppDeps, override?: FileStorage): AppStorage {
  let configured: Promise<FileStorage> | null = override ? Promise.resolve(override) : null;
  let local: FileStorage | null = null;
  const storage = () => (configured ??= makeStorage(deps));
  return {
    storage,
    async storageForSource(source) {
      const current = await storage();
      if (current.source === source) return current;
      if (source !== 'local') return null;
      return (local ??= createLocalStorage(deps.config.dataDir));
    },
    async close() {
      // A storage that failed to be made has nothing to close.
      const made = await configured?.catch(() => null);
      await made?.close?.();
    },
  };
}

async function makeStorage(deps: AppDeps): Promise<FileStorage> {
  const settings = deps.config.files;
  if (settings.strategy === 's3' && settings.s3) {
    const { createS3Storage } = await import('./s3.storage');
    return createS3Storage(settings.s3);
  }
  return createLocalStorage(deps.config.dataDir);
}
