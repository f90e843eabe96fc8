import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { deleteFileRows, listUnfinishedFiles } from './files.repository';
import { removeObjects } from './delete.service';
import { createLocalStorage } from './storage/local.storage';
import type { AppStorage } from './storage/storage-for-app';

/** Longer than an upload may take (UPLOAD_TIMEOUT_MS), so a peer instance's upload in progress is never touched. */
export const REPAIR_AFTER_MS = 15 * 60_000;
export const REPAIR_EVERY_MS = 5 * 60_000;
const BATCH = 500;

export interface RepairOptions {
  /** The clock, in ms (tests move it on). */
  now?: number;
  olderThanMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface RepairResult {
  /** Rows finished: their objects and rows removed. */
  files: number;
  /** Temporary files removed from the data folder. */
  temporary: number;
}

const quiet = { warn: () => {} };

/**
 * Finishes what a crash left half done: rows still pending (an upload that never completed) or deleting (a delete
 * that never completed) since before `now - olderThanMs` lose their object and then their row. Also sweeps the
 * temporary folder of files idle for ten minutes. A row whose object cannot be removed now is left for next time.
 */
export async function repairUnfinishedFiles(
  deps: AppDeps,
  storages: Pick<AppStorage, 'storageForSource'>,
  options: RepairOptions = {},
): Promise<RepairResult> {
  const { now = Date.now(), olderThanMs = REPAIR_AFTER_MS, log = quiet } = options;
  const before = new Date(now - olderThanMs).toISOString();
  const ctx = { deps, storageForSource: storages.storageForSource, log: log as FastifyBaseLogger };
  let files = 0;
  for (;;) {
    const rows = await listUnfinishedFiles(deps.database.db, before, BATCH);
    const removed = await removeObjects(ctx, rows);
    await deleteFileRows(deps.database.db, removed);
    files += removed.length;
    // A short batch was the last; a batch with rows left over would only list them again.
    if (rows.length < BATCH || removed.length < rows.length) break;
  }
  const temporary = await createLocalStorage(deps.config.dataDir).sweepTemporary();
  return { files, temporary };
}

/** Runs the repair every five minutes until stopped; never keeps the process alive, never overlaps itself. */
export function scheduleFileRepair(
  deps: AppDeps,
  storages: Pick<AppStorage, 'storageForSource'>,
  log: FastifyBaseLogger,
  everyMs = REPAIR_EVERY_MS,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    repairUnfinishedFiles(deps, storages, { log })
      .then(({ files, temporary }) => {
        if (files + temporary > 0) log.info({ files, temporary }, 'finished interrupted file writes');
      })
      .catch((err: unknown) => log.warn({ err }, 'file repair failed; will retry'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
