import {
  FILE_MESSAGES,
  fileDownloadPath,
  fileLimitsFor,
  isSupportedMimeType,
  MAX_VISION_IMAGES,
  megabytes,
  NO_VISION_MESSAGE,
  type Message,
} from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { promptTakesImages } from '../../providers/build-prompt';
import type { EndpointEntry } from '../../providers/provider.types';
import { findUserFiles } from '../files/files.repository';
import type { FileRow } from '../files/files.table';

/** A file as a message keeps it (docs/reference/messages.md (Message fields)). */
export type MessageFile = NonNullable<Message['files']>[number];

export const VISION_IMAGES_MESSAGE = `A vision model takes up to ${MAX_VISION_IMAGES} images at once.`;

const refuse = (message: string, details: Record<string, unknown> = {}) =>
  new AppError('VALIDATION', message, { field: 'files', ...details });

export const isImage = (type: string | undefined) => (type ?? '').startsWith('image/');

/**
 * The files a send attaches, checked and described by the server: each must be the user's ready file (else 400,
 * before anything is written), the endpoint's count, size, type and total rules apply
 * (docs/reference/files.md (File limits)), images go only to a model that reads them (else 400 NO_VISION_MESSAGE:
 * an image the model never sees is not kept as if it had been sent) and a vision model takes at most MAX_VISION_IMAGES
 * of them. What the message keeps comes from the file rows, not from the client's claims. A repeated id counts once.
 * Answers them in the client's order.
 */
export async function messageFilesOf(
  deps: AppDeps,
  userId: string,
  entry: EndpointEntry | undefined,
  endpoint: string,
  model: string,
  given: readonly { file_id: string }[] | undefined,
): Promise<MessageFile[]> {
  const ids = [...new Set((given ?? []).map((f) => f.file_id))];
  if (ids.length === 0) return [];
  const rows = new Map((await findUserFiles(deps.database.db, userId, ids)).map((row) => [row.file_id, row]));
  const missing = ids.find((id) => !rows.has(id));
  if (missing) {
    throw refuse(`Attached file not found: ${missing}. It may have been deleted; attach it again.`, {
      file_id: missing,
    });
  }
  const files = ids.map((id) => rows.get(id)!);
  checkLimits(deps, endpoint, files);
  const images = files.filter((f) => isImage(f.type)).length;
  if (images > 0 && !(entry && promptTakesImages(entry, model))) throw refuse(NO_VISION_MESSAGE);
  if (images > MAX_VISION_IMAGES) throw refuse(VISION_IMAGES_MESSAGE);
  return files.map(toMessageFile);
}

function checkLimits(deps: AppDeps, endpoint: string, files: FileRow[]): void {
  const limits = fileLimitsFor(deps.config.files.fileConfig, endpoint);
  if (limits.disabled) throw refuse(FILE_MESSAGES.disabled);
  if (files.length > limits.fileLimit) throw refuse(FILE_MESSAGES.count(limits.fileLimit));
  let total = 0;
  for (const file of files) {
    const bytes = Number(file.bytes);
    if (!isSupportedMimeType(file.type, limits.supportedMimeTypes))
      throw refuse(FILE_MESSAGES.type(file.type));
    if (bytes > limits.fileSizeLimit) throw refuse(FILE_MESSAGES.size(megabytes(limits.fileSizeLimit)));
    total += bytes;
  }
  if (total > limits.totalSizeLimit) throw refuse(FILE_MESSAGES.total(megabytes(limits.totalSizeLimit)));
}

function toMessageFile(row: FileRow): MessageFile {
  return {
    file_id: row.file_id,
    filepath: fileDownloadPath(row.file_id),
    type: row.type,
    ...(row.width !== null ? { width: row.width } : {}),
    ...(row.height !== null ? { height: row.height } : {}),
  };
}
