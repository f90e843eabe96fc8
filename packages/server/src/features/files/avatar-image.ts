import { corrupt, MAX_INPUT_PIXELS, readImageHeader } from './image-process';
import { loadSharp } from './sharp-loader';
import { newTempPath, removeTemp } from './temp-files';

/** A profile picture's stored size: square, enough for a retina avatar. */
export const AVATAR_SIDE = 250;

/**
 * Turns an uploaded picture into the stored avatar: EXIF-oriented, cropped to fill a 250 px square from the
 * centre, as PNG (lossless, keeps transparency). Answers the temporary file written; 400 for an unreadable image.
 */
export async function makeAvatarImage(path: string, dataDir: string): Promise<string> {
  await readImageHeader(path);
  const sharp = await loadSharp();
  const out = await newTempPath(dataDir, 'avatar');
  try {
    await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover' })
      .png()
      .toFile(out);
    return out;
  } catch {
    await removeTemp(out);
    throw corrupt();
  }
}
