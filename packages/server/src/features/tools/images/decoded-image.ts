import { loadSharp } from '../../files/sharp-loader';
import { ToolError } from '../tool';

/** An image a service answered, decoded and measured. */
export interface DecodedImage {
  bytes: Buffer;
  type: string;
  /** The file name's extension, without the dot. */
  extension: string;
  width: number;
  height: number;
}

/** The formats an image service may answer (a web UI set to save JPEG or WebP answers in that format). */
const FORMATS: Readonly<Record<string, { type: string; extension: string }>> = {
  png: { type: 'image/png', extension: 'png' },
  jpeg: { type: 'image/jpeg', extension: 'jpg' },
  webp: { type: 'image/webp', extension: 'webp' },
};

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const DATA_URL_PREFIX = /^data:image\/[a-z+.-]+;base64,/i;

/**
 * The bytes of a base64 image as a service answered it (a data URL's prefix allowed), checked to be an image of a
 * known format by its header. Node's decoder skips characters that are not base64 rather than failing, so the text
 * is checked first: a damaged answer is refused, not saved as a broken file.
 */
export async function decodeImage(base64: unknown, service: string): Promise<DecodedImage> {
  const unreadable = new ToolError(`${service} answered an image that could not be read.`);
  if (typeof base64 !== 'string') throw unreadable;
  const text = base64.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw unreadable;
  const bytes = Buffer.from(text, 'base64');
  const sharp = await loadSharp();
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => undefined);
  const format = meta?.format ? FORMATS[meta.format] : undefined;
  if (!meta?.width || !meta.height || !format) throw unreadable;
  return { bytes, ...format, width: meta.width, height: meta.height };
}
