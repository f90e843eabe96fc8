import { fileDownloadPath, type Assistant } from '@parley/shared';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { makeAvatarImage } from '../files/avatar-image';
import { storeAvatarFile } from '../files/avatar.service';
import { deleteUserFiles } from '../files/delete.service';
import { cleanFileName } from '../files/file-name';
import { sniffType } from '../files/sniff-type';
import type { FilesContext } from '../files/store-file';
import { removeTemp } from '../files/temp-files';
import { assertSupportedType } from '../files/type-rules';
import type { ByteLimit, ReceivedUpload } from '../files/upload-stream';
import { toAssistant } from './assistant-record';
import * as repo from './assistants.repository';
import { assistantNotFound, builderSettings } from './assistants.service';

/** An assistant's avatar may be PNG, JPEG, GIF or WebP (docs/reference/assistants.md (Avatar)). */
const AVATAR_TYPES = ['^image/(png|jpeg|gif|webp)$'];
/** The key the web shows for any refused avatar. */
const INVALID = 'com_ui_upload_invalid';

const invalid = (message: string) => new AppError('VALIDATION', message, { field: 'file', key: INVALID });

/** Over the operator's avatarSizeLimit is refused before the rest of the body is read. */
export function assistantAvatarLimit(ctx: Pick<FilesContext, 'deps'>): ByteLimit {
  const limit = ctx.deps.config.files.fileConfig.avatarSizeLimit;
  return { bytes: limit, refuse: () => invalid(`The avatar is over ${Math.round(limit / 1024 / 1024)} MB`) };
}

/**
 * Makes the upload the assistant's avatar: typed by content, cropped to a square PNG, stored as the user's `avatar`
 * file; `metadata.avatar` becomes its path and the picture it replaces is deleted. A refused upload changes nothing.
 */
export async function saveAssistantAvatar(
  ctx: FilesContext,
  userId: string,
  assistantId: string,
  { file }: ReceivedUpload,
  signal?: AbortSignal,
): Promise<Assistant> {
  let processed: string | null = null;
  try {
    builderSettings(ctx);
    const db = ctx.deps.database.db;
    const row = await repo.findUserAssistant(db, userId, assistantId);
    if (!row) throw assistantNotFound();
    if (!file || file.bytes === 0) throw invalid('No image was sent');
    const sniffed = await sniffType(file.path, cleanFileName(file.filename), file.mimetype);
    try {
      assertSupportedType(sniffed, AVATAR_TYPES);
    } catch {
      throw invalid('The avatar must be a PNG, JPEG, GIF or WebP image');
    }
    processed = await makeAvatarImage(file.path, ctx.deps.config.dataDir).catch(() => {
      throw invalid('The image could not be read');
    });
    const fileId = await storeAvatarFile(ctx, userId, processed, assistantId, signal);
    const metadata = {
      ...(JSON.parse(row.metadata) as Record<string, string>),
      avatar: fileDownloadPath(fileId),
    };
    const updated = await repo.updateAssistantRow(db, userId, assistantId, {
      metadata: JSON.stringify(metadata),
      avatar_file_id: fileId,
      updated_at: nowIso(),
    });
    // The replaced picture goes; a picture stored for an assistant deleted meanwhile goes too.
    const stale = updated ? (row.avatar_file_id ? [row.avatar_file_id] : []) : [fileId];
    if (stale.length > 0) await deleteUserFiles(ctx, userId, stale);
    if (!updated) throw assistantNotFound();
    return toAssistant({ ...row, metadata: JSON.stringify(metadata), avatar_file_id: fileId });
  } finally {
    await removeTemp(file?.path, processed);
  }
}
