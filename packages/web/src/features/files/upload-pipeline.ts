import type { UploadResponse } from '@parley/shared';
import type { AttachedFile } from './attachments.store';
import type { UploadFields } from './files.api';

/** The progress steps of one upload (docs/reference/files.md (Upload progress)). */
export const PROGRESS = { added: 0.2, measured: 0.6, uploaded: 0.9, done: 1 } as const;
/**
 * The server's ids replace the temporary ones this long after the upload answered
 * (docs/reference/files.md (Upload progress)).
 */
export const UPLOAD_FINALISE_MS = 300;

export interface PipelineDeps {
  add: (file: AttachedFile) => void;
  update: (id: string, patch: Partial<AttachedFile>) => void;
  remove: (id: string) => void;
  newId: () => string;
  /** A local preview URL for an image (blob:). */
  preview: (file: File) => string;
  /** The image's size as the browser decodes it; null when it cannot be decoded. */
  measure: (file: File) => Promise<{ width: number; height: number } | null>;
  upload: (fields: UploadFields) => Promise<UploadResponse>;
  /** The upload answered (before the finalise pause): e.g. to cache the bytes under the server path. */
  uploaded?: (file: File, response: UploadResponse) => void;
  /** The upload failed and the file left the list. */
  failed: (error: unknown) => void;
  sleep: (ms: number) => Promise<void>;
}

const isImage = (file: File) => file.type.startsWith('image/');

/**
 * One file through the steps of docs/reference/files.md (Upload progress): listed at 0.2 (with a local preview for
 * images), measured at 0.6, uploaded at 0.9, then 300 ms later done at 1 with the server's file_id and filepath. A
 * failure removes it.
 */
export async function uploadOne(file: File, endpoint: string, deps: PipelineDeps): Promise<void> {
  const id = deps.newId();
  const preview = isImage(file) ? deps.preview(file) : undefined;
  deps.add({
    id,
    temp_file_id: id,
    file_id: id,
    filepath: preview ?? '',
    filename: file.name,
    type: file.type,
    bytes: file.size,
    preview,
    progress: PROGRESS.added,
  });
  try {
    const size = isImage(file) ? await deps.measure(file) : null;
    if (size) deps.update(id, { ...size, progress: PROGRESS.measured });
    const response = await deps.upload({ file, tempFileId: id, endpoint, ...(size ?? {}) });
    deps.uploaded?.(file, response);
    deps.update(id, { progress: PROGRESS.uploaded });
    await deps.sleep(UPLOAD_FINALISE_MS);
    deps.update(id, {
      file_id: response.file_id,
      filepath: response.filepath,
      type: response.type || file.type,
      bytes: response.bytes,
      source: response.source,
      ...(response.width && response.height ? { width: response.width, height: response.height } : {}),
      progress: PROGRESS.done,
    });
  } catch (error) {
    deps.remove(id);
    deps.failed(error);
  }
}
