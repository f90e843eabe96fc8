import { fileLimitsFor } from '@parley/shared';
import { useFileConfig } from '../files.api';
import { useAttachFiles } from './use-attach-files';
import { useFileDrop } from './use-file-drop';

/**
 * Files dropped on the chat join the message box. The overlay shows only where uploads are on; a drop where
 * they are off still reaches the check, which says why nothing was added.
 */
export function useChatFileDrop(endpoint: string | null | undefined) {
  const disabled = fileLimitsFor(useFileConfig(), endpoint).disabled;
  const { dragging, handlers } = useFileDrop(useAttachFiles(endpoint));
  return { showOverlay: dragging && !disabled, handlers };
}
