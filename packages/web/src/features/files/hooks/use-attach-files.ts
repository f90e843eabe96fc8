import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { checkFiles, fileLimitsFor } from '@parley/shared';
import { queryClient, queryKeys } from '../../../lib/query-client';
import { newId } from '../../chat/stream/ids';
import { useAttachmentsStore } from '../attachments.store';
import { fileErrorToast } from '../file-error-toast';
import { uploadErrorText, validationErrorText } from '../file-error-text';
import { uploadFile, useFileConfig } from '../files.api';
import { measureImage } from '../measure-image';
import { uploadOne, type PipelineDeps } from '../upload-pipeline';

function pipeline(t: TFunction): PipelineDeps {
  const store = useAttachmentsStore.getState();
  return {
    add: store.add,
    update: store.update,
    remove: (id) => void store.remove(id),
    newId,
    preview: (file) => URL.createObjectURL(file),
    measure: measureImage,
    upload: (fields) => uploadFile(fields),
    uploaded: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.files });
    },
    failed: (error) => fileErrorToast.add(uploadErrorText(error, t)),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/**
 * Adds files to the message box (button, drop, paste): the shared pre-upload check with the endpoint's limits
 * and the files already there, then each accepted file uploads on its own. Errors gather into one toast.
 */
export function useAttachFiles(endpoint: string | null | undefined): (files: Iterable<File>) => void {
  const { t } = useTranslation();
  const config = useFileConfig();
  return useCallback(
    (input: Iterable<File>) => {
      const files = Array.from(input);
      if (files.length === 0) return;
      const existing = useAttachmentsStore
        .getState()
        .files.map((f) => ({ filename: f.filename, bytes: f.bytes, type: f.type }));
      const limits = fileLimitsFor(config, endpoint);
      const { accepted, errors } = checkFiles({ endpoint, limits, files, existing });
      for (const error of errors) fileErrorToast.add(validationErrorText(error, t));
      if (!endpoint) return;
      const deps = pipeline(t);
      for (const file of files.filter((f) => accepted.includes(f))) void uploadOne(file, endpoint, deps);
    },
    [config, endpoint, t],
  );
}
