import type { FormatEnum, Metadata } from 'sharp';
import { loadSharp } from './sharp-loader';
import { AppError } from '../../lib/app-error';
import { UPLOAD_MESSAGES } from './files.messages';
import { newTempPath, removeTemp } from './temp-files';

/** The longest side an image is stored with: the most detail a vision provider uses. */
export const MAX_IMAGE_SIDE = 2048;
/** Images over this many pixels are refused before decoding (a small file can declare a huge canvas). */
export const MAX_INPUT_PIXELS = 100_000_000;

export interface MeasuredImage {
  /** The file to store: the upload itself, or a scaled copy in the temporary folder. */
  path: string;
  scaled: boolean;
  width: number;
  height: number;
}

export const corrupt = () => new AppError('VALIDATION', UPLOAD_MESSAGES.imageCorrupt);
// PNG and GIF stay lossless: a quality setting would turn a PNG into a palette image.
const LOSSY = new Set(['jpeg', 'webp']);

/**
 * Measures an image as it will be shown (after EXIF orientation) and scales one whose longer side is over 2048 px
 * to fit, in its own format. An image within the limit is stored as uploaded, but decoded once so a damaged one is
 * refused now rather than by a provider later. 400 for a damaged image or one over the pixel limit.
 */
export async function measureImage(path: string, dataDir: string): Promise<MeasuredImage> {
  const { meta, width, height, pages } = await readImageHeader(path);
  const sharp = await loadSharp();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const, animated: pages > 1 };
  if (Math.max(width, height) <= MAX_IMAGE_SIDE) {
    // A full decode to a 1 px image: every pixel is read (damage is found) at a fraction of stats()' cost.
    await sharp(path, options)
      .resize(1, 1, { kernel: 'nearest' })
      .raw()
      .toBuffer()
      .catch(() => {
        throw corrupt();
      });
    return { path, scaled: false, width, height };
  }
  const out = await newTempPath(dataDir, 'image');
  try {
    await sharp(path, options)
      .autoOrient()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside' })
      .toFormat(meta.format as keyof FormatEnum, LOSSY.has(meta.format) ? { quality: 90 } : {})
      .toFile(out);
    const scaled = await sharp(out).metadata();
    return { path: out, scaled: true, width: scaled.width, height: scaled.height };
  } catch {
    await removeTemp(out);
    throw corrupt();
  }
}

/**
 * An image's header: its size as shown (after EXIF orientation; an animation's is one frame's). 400 when it is
 * unreadable or declares more pixels than MAX_INPUT_PIXELS (checked before any decoding: a decompression bomb).
 */
export async function readImageHeader(
  path: string,
): Promise<{ meta: Metadata; width: number; height: number; pages: number }> {
  // Header only: the size is read here and checked below, so a bomb gets its own message.
  const sharp = await loadSharp();
  const meta = await sharp(path, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw corrupt();
    });
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw corrupt();
  const pages = meta.pages ?? 1;
  if (width * height * pages > MAX_INPUT_PIXELS)
    throw new AppError('VALIDATION', UPLOAD_MESSAGES.imageTooLarge);
  return { meta, width, height, pages };
}
