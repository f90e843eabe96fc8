import sharp from 'sharp';
import type { Page } from 'playwright-core';
import type { UploadResponse } from '@parley/shared';

// Helpers of the My Files, Files panel and avatar specs: real images made in node, uploaded through the API.

/** A small solid PNG (64×48), a few hundred bytes. */
export function smallPng(background = '#f00'): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A PNG of random pixels: it does not compress, so its size is about width × height × 3 bytes. */
export function noisyPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export interface SeedImage {
  name: string;
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Uploads images one after another (so each has its own time) through POST /api/files/images, inside the page
 * with its session, the way the chat's upload does; answers the server's records in upload order.
 */
export async function seedImages(
  page: Page,
  images: SeedImage[],
  endpoint = 'openAI',
): Promise<UploadResponse[]> {
  const payload = images.map((image) => ({ ...image, bytes: image.bytes.toString('base64') }));
  const result = await page.evaluate(
    async ([images, endpoint]) => {
      const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
      const { token } = (await refresh.json()) as { token: string };
      const records: unknown[] = [];
      for (const image of images) {
        const bytes = Uint8Array.from(atob(image.bytes), (c) => c.charCodeAt(0));
        const form = new FormData();
        form.append('file_id', crypto.randomUUID());
        form.append('endpoint', endpoint);
        form.append('width', String(image.width));
        form.append('height', String(image.height));
        form.append('file', new Blob([bytes], { type: 'image/png' }), encodeURIComponent(image.name));
        const res = await fetch('/api/files/images', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        if (res.status !== 201) return { error: `${res.status} ${await res.text()}` };
        records.push(await res.json());
        // Distinct timestamps, so sorting by date has one answer.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return { records };
    },
    [payload, endpoint] as const,
  );
  if ('error' in result) throw new Error(`seeding failed: ${result.error}`);
  return result.records as UploadResponse[];
}

/** 23 names (three pages) whose alphabetical order differs from their upload order. */
export const FRUITS = [
  'mango',
  'apple',
  'quince',
  'banana',
  'kiwi',
  'cherry',
  'lemon',
  'date',
  'grape',
  'elderberry',
  'fig',
  'lime',
  'guava',
  'papaya',
  'honeydew',
  'orange',
  'jackfruit',
  'nectarine',
  'peach',
  'plum',
  'pear',
  'melon',
  'olive',
].map((fruit) => `${fruit}.png`);

/** The 23 fruit images, uploaded; answers the records in upload order (oldest first). */
export async function seedFruits(page: Page): Promise<UploadResponse[]> {
  const png = await smallPng();
  return seedImages(
    page,
    FRUITS.map((name) => ({ name, bytes: png, width: 64, height: 48 })),
  );
}

/** The file names of the visible rows of a file table, top to bottom. */
export async function rowNames(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).locator('tbody tr[data-file-id] [data-file-name]').allTextContents();
}
