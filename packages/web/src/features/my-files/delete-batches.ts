import type { DeleteFilesPayload, FileRecord } from '@parley/shared';

type DeleteEntry = DeleteFilesPayload['files'][number];

/** The `DELETE /api/files` entries of the chosen files ({file_id, filepath, source}), in batches of `size`. */
export function deleteBatches(files: readonly FileRecord[], size: number): DeleteEntry[][] {
  const entries = files.map(({ file_id, filepath, source }) => ({ file_id, filepath, source }));
  const batches: DeleteEntry[][] = [];
  for (let i = 0; i < entries.length; i += size) batches.push(entries.slice(i, i + size));
  return batches;
}
