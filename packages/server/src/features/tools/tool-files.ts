import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { fileDownloadPath, type ContentPart } from '@parley/shared';
import { AppError } from '../../lib/app-error';
import { cleanFileName } from '../files/file-name';
import { loadSharp } from '../files/sharp-loader';
import { storeFile, type FilesContext } from '../files/store-file';
import { newTempPath, removeTemp } from '../files/temp-files';
import { ToolError, type ToolContext, type ToolFile } from './tool';

export interface ToolFileSaverOptions {
  /** The reply's stop: a file still being stored when it aborts is abandoned and undone. */
  signal?: AbortSignal;
  /** Makes file ids (tests); a random UUID by default, like an upload's. */
  newFileId?: () => string;
}

/** The image types a reply shows as an `image_file` part; a tool's other files are stored as plain files. */
export const SHOWN_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

/**
 * `ToolContext.saveFile` for one user: a file a tool made (a generated image, a file the code interpreter wrote)
 * becomes one of their files in My Files (`context` as the tool says, `image_generation` by default), counted in their
 * storage quota exactly as an upload is. An image answers the `image_file` part that shows it in the reply; any other
 * file a `text` part with a Markdown link to its download. The parts hold the unsigned download path, as messages
 * store it; answers sign it when they are read (file-url.ts).
 */
export function createToolFileSaver(
  ctx: FilesContext,
  userId: string,
  options: ToolFileSaverOptions = {},
): ToolContext['saveFile'] {
  const newFileId = options.newFileId ?? randomUUID;
  return async (file: ToolFile): Promise<ContentPart> => {
    const image = SHOWN_IMAGE_TYPES.has(file.type);
    const { width, height } = image ? await sizeOf(file) : { width: null, height: null };
    const filename = cleanFileName(file.filename, image ? 'image' : 'file');
    // storeFile streams from a path (the storage puts a stream), so the bytes go through the upload temp folder,
    // which the startup sweep clears if the process dies before the removal below.
    const path = await newTempPath(ctx.deps.config.dataDir, 'tool');
    try {
      await writeFile(path, file.bytes);
      const row = await storeFile(
        ctx,
        {
          fileId: newFileId(),
          userId,
          filename,
          type: file.type,
          width,
          height,
          context: file.context ?? 'image_generation',
          assistantId: null,
          messageFile: false,
          path,
          bytes: file.bytes.byteLength,
          quota: ctx.deps.config.files.fileConfig.userStorageLimit,
        },
        options.signal,
      );
      if (!image) return { type: 'text', text: { value: `[${filename}](${fileDownloadPath(row.file_id)})` } };
      return {
        type: 'image_file',
        image_file: {
          file_id: row.file_id,
          filepath: fileDownloadPath(row.file_id),
          filename,
          width: width!,
          height: height!,
        },
      };
    } catch (error) {
      // The quota refusal tells the user what to do (delete files in My Files); the tool's step shows it as is.
      if (error instanceof AppError && error.code === 'VALIDATION') throw new ToolError(error.message);
      throw error;
    } finally {
      await removeTemp(path);
    }
  };
}

/** The size the tool gave, else the image's own (its header only: the tool made the image, so it is not checked). */
async function sizeOf(file: ToolFile): Promise<{ width: number; height: number }> {
  if (file.width && file.height) return { width: file.width, height: file.height };
  const sharp = await loadSharp();
  const meta = await sharp(file.bytes)
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) throw new ToolError('The tool made an image that could not be read.');
  return { width: meta.width, height: meta.height };
}
