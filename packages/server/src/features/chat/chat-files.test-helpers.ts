import { expect } from 'vitest';
import sharp from 'sharp';
import { fileDownloadPath } from '@parley/shared';
import type { NewFile } from '../../../test/factories.test-helpers';

// Shared by the chat tests that attach files; not part of the app. The files themselves come from
// test/factories.test-helpers.ts (newFile).

/** A real PNG of the given size, a different colour per `seed` so two images never share bytes. */
export function pngOf(width: number, height: number, seed = 0): Promise<Buffer> {
  const background = { r: (seed * 53) % 256, g: (seed * 101) % 256, b: 200 };
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A stored file as the chat tests compare it (a `newFile`, or one uploaded through the route). */
export type StoredFile = Omit<NewFile, 'storage_key'>;

/** What the server keeps on the message for a stored file. */
export const factsOf = (file: StoredFile) => ({
  file_id: file.file_id,
  filepath: fileDownloadPath(file.file_id),
  type: file.type,
  ...(file.width !== null ? { width: file.width } : {}),
  ...(file.height !== null ? { height: file.height } : {}),
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A file's path as answers give it: the download path signed for minutes (docs/reference/files.md (Reading a file)). */
export const signedPathOf = (fileId: string) =>
  expect.stringMatching(new RegExp(`^${escape(fileDownloadPath(fileId))}\\?exp=\\d+&sig=[\\w-]+$`));

/** `factsOf` as a message in an answer shows it: the path signed. */
export const answeredFactsOf = (file: StoredFile) => ({
  ...factsOf(file),
  filepath: signedPathOf(file.file_id),
});
