import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { ASSISTANTS_SUPPORTED_MIME_TYPES, type FileConfigInput } from '@parley/shared';

// Files with known content for the upload tests; not part of the app.

/** An incompressible PNG of about width x height x 3 bytes. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A real PNG whose header declares width x height: a tiny file that would decode to a huge canvas. */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: 'red' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A PNG cut in half: its header reads fine, its pixels do not. */
export async function truncatedPng(): Promise<Buffer> {
  const whole = await noisePng(200, 200);
  return whole.subarray(0, whole.length >> 1);
}

/** The start of a Linux executable. */
export const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 1)]);

/** The start of a Windows executable (MZ header pointing at a PE header). */
export function windowsExe(): Buffer {
  const exe = Buffer.alloc(512);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  return exe;
}

/** A small PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A file config under which the (configured) openAI endpoint takes documents as well as images. */
export const DOCUMENTS: FileConfigInput = {
  endpoints: { openAI: { supportedMimeTypes: ASSISTANTS_SUPPORTED_MIME_TYPES } },
};
