import sharp from 'sharp';
import { expect } from 'vitest';
import type { ContentPart } from '@parley/shared';
import type { ToolFile, ToolResult } from '../tool';

/** A real PNG of the given size, small enough to send in every test. */
export function tinyPng(width = 4, height = 3): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .png()
    .toBuffer();
}

/** A `saveFile` that keeps what it was given and answers the part the real saver would. */
export function recordingSaver(): { saved: ToolFile[]; saveFile: (file: ToolFile) => Promise<ContentPart> } {
  const saved: ToolFile[] = [];
  return {
    saved,
    saveFile: (file) => {
      saved.push(file);
      const file_id = `file-${saved.length}`;
      return Promise.resolve({
        type: 'image_file',
        image_file: {
          file_id,
          filepath: `/api/files/download/${file_id}`,
          filename: file.filename,
          width: file.width,
          height: file.height,
        },
      });
    },
  };
}

/** A promise with its resolver, to learn when a fake service got its request. */
export function signalled(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The one image a tool saved, with the bytes the service sent, and the part its result shows it with. */
export function expectOneSavedImage(
  saved: readonly ToolFile[],
  result: ToolResult,
  expected: { filename: string; width: number; height: number; bytes: Buffer },
): void {
  const { filename, width, height } = expected;
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ filename, type: 'image/png', width, height });
  expect(saved[0]!.bytes.equals(expected.bytes)).toBe(true);
  expect(result.parts).toEqual([
    {
      type: 'image_file',
      image_file: { file_id: 'file-1', filepath: '/api/files/download/file-1', filename, width, height },
    },
  ]);
}
