import { isSupportedMimeType, megabytes } from './file-limits';
import type { EndpointFileLimits } from './file.schema';

/** A file about to be uploaded, as the browser's File describes it. */
export interface CandidateFile {
  name: string;
  size: number;
  type: string;
}

/** A file already in the list (uploaded or uploading). */
export interface ListedFile {
  filename: string;
  bytes: number;
  type: string;
}

/**
 * One refusal: a code, its parameters and its English text (docs/reference/files.md (Checks before an upload)). The web
 * shows the text through its i18n key `com_error_files_{code}` so zh-CN users read it in Chinese; the server answers
 * the text.
 */
export type FileValidationError =
  | { code: 'endpoint'; message: string }
  | { code: 'disabled'; message: string }
  | { code: 'count'; limit: number; message: string }
  | { code: 'type'; type: string; message: string }
  | { code: 'size'; limitMb: string; message: string }
  | { code: 'total'; limitMb: string; message: string }
  | { code: 'duplicate'; message: string }
  | { code: 'empty'; message: string };

export const FILE_MESSAGES = {
  endpoint: 'Cannot attach the file: select an endpoint first, or start a new chat.',
  disabled: 'File uploads are disabled for this endpoint.',
  count: (limit: number) => `You can only upload up to ${limit} files at a time.`,
  type: (type: string) => `Currently, unsupported file type: ${type}`,
  size: (limitMb: string) => `File size exceeds ${limitMb} MB.`,
  total: (limitMb: string) => `The total size of the files cannot exceed ${limitMb} MB.`,
  duplicate: 'Duplicate file detected.',
  empty: 'The file is empty.',
  uploadFailed: 'An error occurred while uploading the file.',
} as const;

export const fileErrors = {
  endpoint: (): FileValidationError => ({ code: 'endpoint', message: FILE_MESSAGES.endpoint }),
  disabled: (): FileValidationError => ({ code: 'disabled', message: FILE_MESSAGES.disabled }),
  count: (limit: number): FileValidationError => ({
    code: 'count',
    limit,
    message: FILE_MESSAGES.count(limit),
  }),
  type: (type: string): FileValidationError => ({ code: 'type', type, message: FILE_MESSAGES.type(type) }),
  size: (bytes: number): FileValidationError => ({
    code: 'size',
    limitMb: megabytes(bytes),
    message: FILE_MESSAGES.size(megabytes(bytes)),
  }),
  total: (bytes: number): FileValidationError => ({
    code: 'total',
    limitMb: megabytes(bytes),
    message: FILE_MESSAGES.total(megabytes(bytes)),
  }),
  duplicate: (): FileValidationError => ({ code: 'duplicate', message: FILE_MESSAGES.duplicate }),
  empty: (): FileValidationError => ({ code: 'empty', message: FILE_MESSAGES.empty }),
};

export interface FileCheckInput {
  /** The endpoint the files are for; null when none is selected. */
  endpoint: string | null | undefined;
  limits: EndpointFileLimits;
  files: readonly CandidateFile[];
  /** Files already attached (their count and sizes count toward the limits). */
  existing?: readonly ListedFile[];
}

export interface FileCheckResult {
  /** Files that may be uploaded; empty when a rule for the whole batch (endpoint, count, total) failed. */
  accepted: CandidateFile[];
  errors: FileValidationError[];
}

const topLevel = (type: string) => type.split('/')[0] ?? '';

/**
 * The checks before an upload (docs/reference/files.md (Checks before an upload)): an endpoint is needed, uploads must
 * be enabled, the count with the files already there within the file limit, then for each file a supported type, a size
 * within the limit and no duplicate (same name, size and top-level type), and the new plus existing size within the
 * total. A file that fails its own check is dropped alone; a batch rule that fails drops the batch.
 */
export function checkFiles(input: FileCheckInput): FileCheckResult {
  const { limits, files } = input;
  const existing = input.existing ?? [];
  if (!input.endpoint) return { accepted: [], errors: [fileErrors.endpoint()] };
  if (limits.disabled) return { accepted: [], errors: [fileErrors.disabled()] };
  if (existing.length + files.length > limits.fileLimit) {
    return { accepted: [], errors: [fileErrors.count(limits.fileLimit)] };
  }
  const errors: FileValidationError[] = [];
  const accepted: CandidateFile[] = [];
  const seen = existing.map((f) => ({ name: f.filename, size: f.bytes, type: f.type }));
  for (const file of files) {
    const error = checkOne(file, limits, seen);
    if (error) errors.push(error);
    else accepted.push(file);
    seen.push(file);
  }
  const total = existing.reduce((sum, f) => sum + f.bytes, 0) + accepted.reduce((sum, f) => sum + f.size, 0);
  if (total > limits.totalSizeLimit)
    return { accepted: [], errors: dedupe([...errors, fileErrors.total(limits.totalSizeLimit)]) };
  return { accepted, errors: dedupe(errors) };
}

function checkOne(
  file: CandidateFile,
  limits: EndpointFileLimits,
  seen: readonly CandidateFile[],
): FileValidationError | null {
  if (!isSupportedMimeType(file.type, limits.supportedMimeTypes))
    return fileErrors.type(file.type || 'unknown');
  if (file.size > limits.fileSizeLimit) return fileErrors.size(limits.fileSizeLimit);
  if (file.size === 0) return fileErrors.empty();
  const duplicate = seen.some(
    (other) =>
      other.name === file.name && other.size === file.size && topLevel(other.type) === topLevel(file.type),
  );
  return duplicate ? fileErrors.duplicate() : null;
}

function dedupe(errors: FileValidationError[]): FileValidationError[] {
  const byMessage = new Map(errors.map((e) => [e.message, e]));
  return [...byMessage.values()];
}
