import { describe, expect, it } from 'vitest';
import { imageFileName } from './image-name';

describe('imageFileName', () => {
  it.each([
    ['A red fox, in the snow!', 'a-red-fox-in-the-snow.png'],
    ['one two three four five six seven eight', 'one-two-three-four-five-six.png'],
    ['一只猫 在雪里', '一只猫-在雪里.png'],
    ['!!! ???', 'dall-e-3.png'],
    [`${'x'.repeat(80)}`, `${'x'.repeat(60)}.png`],
  ])('names %j %s', (prompt, name) => {
    expect(imageFileName(prompt, 'dall-e-3', 'png')).toBe(name);
  });
});
