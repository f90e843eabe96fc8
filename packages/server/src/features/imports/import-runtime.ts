import type { AppDeps } from '../../app-deps';
import type { AppStorage } from '../files/storage/storage-for-app';
import { createTaskRunner, type TaskRunner } from '../tasks/task-runner';
import { createImportHandler, IMPORT_TASK, type ImportJobOptions } from './import-job';

/** The background side of imports: a task runner that claims `conversations.import` tasks, one at a time. */
export interface ImportRuntime {
  /** Looks for a queued import at once (after one is queued on this instance). */
  wake(): void;
  /** The runner itself (tests: `poll()` then `idle()` to wait for a job). */
  runner: TaskRunner;
  close(): Promise<void>;
}

export function createImportRuntime(
  deps: AppDeps,
  files: Pick<AppStorage, 'storageForSource'>,
  logError: (error: unknown, what: string) => void,
  hooks: Pick<ImportJobOptions, 'beforeWrite'> = {},
): ImportRuntime {
  const runner = createTaskRunner({
    db: deps.database.db,
    // One at a time: an import is long and writes much; a second waits its turn.
    concurrency: 1,
    handlers: {
      [IMPORT_TASK]: createImportHandler({
        db: deps.database.db,
        storageForSource: files.storageForSource,
        onError: (error) => logError(error, 'conversation import'),
        ...hooks,
      }),
    },
    onError: (error) => logError(error, 'conversation imports'),
  });
  runner.start();
  return {
    wake: () => runner.wake(),
    runner,
    close: () => runner.stop({ abort: true }),
  };
}
