import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../tool';
import { decodeImage } from './decoded-image';
import { tinyPng } from './image-tools.test-helpers';

describe('decodeImage', () => {
  it('reads a PNG, a data URL and base64 broken over lines', async () => {
    const png = await tinyPng(5, 7);
    const b64 = png.toString('base64');
    for (const text of [b64, `data:image/png;base64,${b64}`, b64.replace(/(.{20})/g, '$1\n')]) {
      const image = await decodeImage(text, 'Service');
      expect(image).toMatchObject({ type: 'image/png', extension: 'png', width: 5, height: 7 });
      expect(image.bytes.equals(png)).toBe(true);
    }
  });

  it('keeps the format the service chose', async () => {
    const jpeg = await sharp(await tinyPng())
      .jpeg()
      .toBuffer();
    expect(await decodeImage(jpeg.toString('base64'), 'Service')).toMatchObject({
      type: 'image/jpeg',
      extension: 'jpg',
    });
  });

  it.each([
    ['a number', 42],
    ['damaged base64', 'iVBORw0K#GgoAAAA'],
    ['cut base64', 'iVBORw0KGgo'],
    ['a format not kept', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64')],
  ])('refuses %s', async (_case, value) => {
    await expect(decodeImage(value, 'Service')).rejects.toThrow(
      new ToolError('Service answered an image that could not be read.'),
    );
  });
});
