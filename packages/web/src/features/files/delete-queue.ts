import { MAX_FILES_PER_DELETE } from '@parley/shared';
import type { FilesToDelete } from '../../lib/storage';

/** Deletes are sent this long after the last removal, together (docs/reference/files.md (Deleting files)). */
export const DELETE_BATCH_MS = 1000;

type PendingDelete = FilesToDelete[string];

export interface DeleteQueueDeps {
  /** Sends one DELETE /api/files; rejects when it did not go through. */
  send: (files: PendingDelete[]) => Promise<unknown>;
  /** The persisted pending map (storage key filesToDelete), the single truth so logout's clear wins. */
  load: () => FilesToDelete | null;
  save: (pending: FilesToDelete) => void;
  delayMs?: number;
}

/**
 * Server deletes of removed files (docs/reference/files.md (Deleting files)): each removal is persisted at once and the
 * timer restarts; after a 1 s pause every pending file goes in one request (chunks of the API's maximum). Files whose
 * request failed stay persisted and are sent on the next load (`flush`).
 */
export function createDeleteQueue(deps: DeleteQueueDeps) {
  const delayMs = deps.delayMs ?? DELETE_BATCH_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const inFlight = new Set<string>();

  const forget = (ids: readonly string[]) => {
    const pending = { ...(deps.load() ?? {}) };
    for (const id of ids) delete pending[id];
    deps.save(pending);
  };

  async function sendChunk(files: PendingDelete[]): Promise<void> {
    const ids = files.map((f) => f.file_id);
    ids.forEach((id) => inFlight.add(id));
    try {
      await deps.send(files);
      forget(ids);
    } catch {
      // Kept in storage: the next load sends them again.
    } finally {
      ids.forEach((id) => inFlight.delete(id));
    }
  }

  /** Sends every pending file not already on its way. */
  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const files = Object.values(deps.load() ?? {}).filter((f) => !inFlight.has(f.file_id));
    const chunks: Promise<void>[] = [];
    for (let i = 0; i < files.length; i += MAX_FILES_PER_DELETE) {
      chunks.push(sendChunk(files.slice(i, i + MAX_FILES_PER_DELETE)));
    }
    await Promise.all(chunks);
  }

  return {
    queue(file: PendingDelete): void {
      deps.save({ ...(deps.load() ?? {}), [file.file_id]: file });
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    },
    flush,
  };
}
