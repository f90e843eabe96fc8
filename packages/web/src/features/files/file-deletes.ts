import { STORAGE_KEYS } from '@parley/shared';
import { queryClient, queryKeys } from '../../lib/query-client';
import { storage } from '../../lib/storage';
import { createDeleteQueue } from './delete-queue';
import { deleteFiles } from './files.api';

/**
 * The app's one queue of server deletes, persisted under `filesToDelete` (docs/reference/files.md (Deleting files)).
 */
export const fileDeletes = createDeleteQueue({
  send: async (files) => {
    await deleteFiles({ files });
    void queryClient.invalidateQueries({ queryKey: queryKeys.files });
  },
  load: () => storage.get(STORAGE_KEYS.filesToDelete),
  save: (pending) => {
    if (Object.keys(pending).length > 0) storage.set(STORAGE_KEYS.filesToDelete, pending);
    else storage.remove(STORAGE_KEYS.filesToDelete);
  },
});
