import { fileLimitsFor } from '@parley/shared';
import { acceptAttribute } from '../accept-types';
import { filesLoading, useAttachmentsStore } from '../attachments.store';
import { useFileConfig } from '../files.api';
import { useAttachFiles } from './use-attach-files';

/** What the message box needs of its files: the list, whether any still uploads, and how to add more. */
export function useInputAttachments(endpoint: string | null | undefined) {
  const limits = fileLimitsFor(useFileConfig(), endpoint);
  const files = useAttachmentsStore((s) => s.files);
  const attach = useAttachFiles(endpoint);
  return {
    files,
    loading: filesLoading(files),
    attach,
    disabled: limits.disabled,
    accept: acceptAttribute(limits.supportedMimeTypes),
  };
}
