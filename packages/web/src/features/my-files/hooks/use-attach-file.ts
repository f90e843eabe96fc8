import { useTranslation } from 'react-i18next';
import { fileLimitsFor, type FileRecord } from '@parley/shared';
import { useConversationStore } from '../../chat/conversation.store';
import { attachExistingFile, useAttachmentsStore } from '../../files/attachments.store';
import { useFileConfig } from '../../files/files.api';
import { showToast } from '../../toast/toast.store';
import { attachRefusalText, checkAttach } from '../attach-check';

/**
 * Attaching a listed file to the message being written (docs/reference/files.md (My Files and the Files panel)): the
 * endpoint's rules first, each refusal as an error toast; answers whether the file was attached.
 */
export function useAttachFile(): (file: FileRecord) => boolean {
  const { t } = useTranslation();
  const endpoint = useConversationStore((s) => s.setup.endpoint);
  const config = useFileConfig();
  return (file) => {
    const attached = useAttachmentsStore.getState().files;
    // Already in the message: nothing to do, and not an error.
    if (attached.some((f) => f.file_id === file.file_id)) return true;
    const refusal = checkAttach({
      file,
      endpoint,
      limits: fileLimitsFor(config, endpoint),
      attachedCount: attached.length,
    });
    if (refusal) {
      const { key, values } = attachRefusalText(refusal);
      showToast({ message: t(key, values), severity: 'error' });
      return false;
    }
    attachExistingFile(file);
    return true;
  };
}
