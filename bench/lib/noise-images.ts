import { createCipheriv, createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

export interface NoiseImage {
  path: string;
  name: string;
  bytes: number;
  sha256: string;
  width: number;
  height: number;
}

/**
 * `count` distinct PNGs of RGB noise, `side` px square, in a temp folder. Noise does not compress, so an 820 px
 * square is about 2 MB. Image i is drawn from AES-CTR keyed by its index: the same set on every run, all different.
 */
export async function noisePngs(count: number, side: number): Promise<{ dir: string; images: NoiseImage[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-bench-images-'));
  try {
    const images: NoiseImage[] = [];
    for (let i = 0; i < count; i += 1) {
      const key = createHash('sha256').update(`parley-bench-image-${i}`).digest();
      const noise = createCipheriv('aes-256-ctr', key, Buffer.alloc(16)).update(
        Buffer.alloc(side * side * 3),
      );
      const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
        .png({ compressionLevel: 1 })
        .toBuffer();
      const name = `noise ${String(i).padStart(3, '0')}.png`;
      const path = join(dir, name);
      await writeFile(path, png);
      images.push({
        path,
        name,
        bytes: png.length,
        sha256: createHash('sha256').update(png).digest('hex'),
        width: side,
        height: side,
      });
    }
    return { dir, images };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
