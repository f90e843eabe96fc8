import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_FILES_PER_DELETE, type FileRecord } from '@parley/shared';
import { queryKeys } from '../../../lib/query-client';
import { useAttachmentsStore } from '../../files/attachments.store';
import { deleteFiles } from '../../files/files.api';
import { deleteBatches } from '../delete-batches';

/**
 * Deletes the chosen files (in batches the API accepts), takes any of them out of the message box (they no
 * longer exist to send), then refreshes the file list whatever happened.
 */
export function useDeleteFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: FileRecord[]) => {
      const deleted: string[] = [];
      for (const batch of deleteBatches(files, MAX_FILES_PER_DELETE)) {
        deleted.push(...(await deleteFiles({ files: batch })).deleted);
      }
      return deleted;
    },
    onSuccess: (deleted) => {
      const store = useAttachmentsStore.getState();
      for (const file of store.files) if (deleted.includes(file.file_id)) store.remove(file.id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.files }),
  });
}
