import { useQuery } from '@tanstack/react-query';
import {
  fromFileConfigAnswer,
  mergeFileConfig,
  type AvatarResponse,
  type DeleteFilesPayload,
  type DeleteFilesResponse,
  type FileConfig,
  type UploadResponse,
} from '@parley/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/**
 * The file limits per endpoint, sizes in bytes (the server answers megabytes); until they arrive, the defaults
 * (docs/reference/files.md (File limits)).
 */
export function useFileConfig(): FileConfig {
  const query = useQuery({
    queryKey: queryKeys.fileConfig,
    queryFn: async () => fromFileConfigAnswer(await api.call('getFileConfig')),
    staleTime: Infinity,
  });
  return query.data ?? DEFAULT_FILE_CONFIG;
}
const DEFAULT_FILE_CONFIG = mergeFileConfig(null);

/** The signed-in user's files, newest first. */
export function useFiles(enabled = true) {
  return useQuery({
    queryKey: queryKeys.files,
    queryFn: () => api.call('listFiles'),
    enabled,
  });
}

/**
 * What the user's files take and may take. Under the files key, so every upload or delete that refreshes the
 * list refreshes this too.
 */
export function useFileUsage(enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.files, 'usage'],
    queryFn: () => api.call('getFileUsage'),
    enabled,
  });
}

export interface UploadFields {
  file: File;
  /** The client's temporary id, echoed back as `temp_file_id`. */
  tempFileId: string;
  endpoint: string;
  /** Measured in the browser for images; sends the upload to `/api/files/images`. */
  width?: number;
  height?: number;
  messageFile?: boolean;
}

/** Uploads one file (docs/reference/files.md (Uploading)); images with their measured size go to the images route. */
export function uploadFile(fields: UploadFields, signal?: AbortSignal): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file_id', fields.tempFileId);
  form.append('endpoint', fields.endpoint);
  const isImage = fields.width !== undefined && fields.height !== undefined;
  if (isImage) {
    form.append('width', String(fields.width));
    form.append('height', String(fields.height));
  }
  if (fields.messageFile) form.append('message_file', 'true');
  // The file goes last so the server has read every other field when its bytes start.
  form.append('file', fields.file, encodeURIComponent(fields.file.name));
  return api.call(isImage ? 'uploadImage' : 'uploadFile', {}, { form, signal });
}

export function deleteFiles(payload: DeleteFilesPayload): Promise<DeleteFilesResponse> {
  return api.call('deleteFiles', { body: payload });
}

/** Profile picture upload (input, manual='true': docs/reference/files.md (Profile picture)). */
export function uploadAvatar(file: Blob, filename: string): Promise<AvatarResponse> {
  const form = new FormData();
  form.append('manual', 'true');
  form.append('input', file, encodeURIComponent(filename));
  return api.call('uploadAvatar', {}, { form });
}
