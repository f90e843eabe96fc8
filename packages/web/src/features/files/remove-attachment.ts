import { useAttachmentsStore } from './attachments.store';
import { fileDeletes } from './file-deletes';

/**
 * The remove button of a file in the message box (docs/reference/files.md (Upload progress; Deleting files)): nothing
 * while it uploads (progress < 1); else it leaves the list and, unless it was attached from the user's stored files,
 * its server delete is queued. (The box holds no sent files: a send clears it.)
 */
export function removeAttachment(id: string): void {
  const file = useAttachmentsStore.getState().files.find((f) => f.id === id);
  if (!file || file.progress < 1) return;
  useAttachmentsStore.getState().remove(id);
  if (!file.attached)
    fileDeletes.queue({ file_id: file.file_id, filepath: file.filepath, source: file.source });
}
