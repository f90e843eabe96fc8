import { randomUUID } from 'node:crypto';
import { FILE_MESSAGES, fileDownloadPath, fileErrors, type AvatarResponse } from '@parley/shared';
import { signStoredPath } from './file-url';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { AVATAR_SIDE, makeAvatarImage } from './avatar-image';
import { claimAvatar } from './avatar.repository';
import { deleteUserFiles } from './delete.service';
import { cleanFileName } from './file-name';
import { UPLOAD_MESSAGES } from './files.messages';
import { sniffType } from './sniff-type';
import { storeFile, type FilesContext } from './store-file';
import { removeTemp } from './temp-files';
import { assertSupportedType } from './type-rules';
import type { ByteLimit, ReceivedUpload } from './upload-stream';

/** The profile picture takes PNG and JPEG only (docs/reference/files.md (Profile picture)). */
const AVATAR_TYPES = ['^image/(png|jpeg)$'];

/**
 * The avatar cap (2 MB, or the configured avatarSizeLimit: docs/reference/files.md (Profile picture)): over it is
 * 'File size exceeds N MB.'.
 */
export function avatarByteLimit(deps: FilesContext['deps']): ByteLimit {
  const limit = deps.config.files.fileConfig.avatarSizeLimit;
  return { bytes: limit, refuse: () => new AppError('VALIDATION', fileErrors.size(limit).message) };
}

/** Stores a processed avatar picture (makeAvatarImage) as the user's `avatar` file; answers its id. */
export async function storeAvatarFile(
  ctx: FilesContext,
  userId: string,
  path: string,
  assistantId: string | null,
  signal?: AbortSignal,
): Promise<string> {
  const fileId = randomUUID();
  await storeFile(
    ctx,
    {
      fileId,
      userId,
      filename: 'avatar.png',
      type: 'image/png',
      width: AVATAR_SIDE,
      height: AVATAR_SIDE,
      context: 'avatar',
      assistantId,
      messageFile: false,
      path,
    },
    signal,
  );
  return fileId;
}

/**
 * Makes the uploaded picture the user's avatar: checked by content, cropped to a square, stored as an `avatar`
 * file; the user's `avatar` becomes its URL and the pictures it replaces are deleted.
 */
export async function saveAvatar(
  ctx: FilesContext,
  userId: string,
  { file }: ReceivedUpload,
  signal?: AbortSignal,
): Promise<AvatarResponse> {
  let processed: string | null = null;
  try {
    if (!file) throw new AppError('VALIDATION', UPLOAD_MESSAGES.fileMissing, { field: 'input' });
    if (file.bytes === 0) throw new AppError('VALIDATION', FILE_MESSAGES.empty, { field: 'input' });
    const sniffed = await sniffType(file.path, cleanFileName(file.filename), file.mimetype);
    assertSupportedType(sniffed, AVATAR_TYPES);
    processed = await makeAvatarImage(file.path, ctx.deps.config.dataDir);
    const fileId = await storeAvatarFile(ctx, userId, processed, null, signal);
    const url = fileDownloadPath(fileId);
    const claim = await claimAvatar(ctx.deps.database.db, userId, fileId, url, nowIso());
    // The replaced pictures' objects and rows go now; one that cannot be removed is left to the repair.
    await deleteUserFiles(ctx, userId, claim.set ? claim.replaced : [fileId]);
    if (!claim.set) throw new AppError('CONFLICT', UPLOAD_MESSAGES.avatarSuperseded);
    return { url: signStoredPath(ctx.deps.config, userId, url) };
  } finally {
    await removeTemp(file?.path, processed);
  }
}
