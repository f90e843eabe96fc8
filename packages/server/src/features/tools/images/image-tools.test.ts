import { describe, expect, it } from 'vitest';
import { BUILTIN_PLUGINS } from '@parley/shared';
import { IMAGE_TIMEOUT_MS, imageTools } from './index';

describe('imageTools', () => {
  it("builds one tool per image plugin of the catalogue, under the catalogue's keys", () => {
    const keys = imageTools.map((create) => create().key);
    expect(keys).toEqual(['dalle', 'stable-diffusion']);
    const catalogue = BUILTIN_PLUGINS.map((plugin) => plugin.pluginKey);
    for (const key of keys) expect(catalogue).toContain(key);
  });

  it('gives an image two minutes by default', () => {
    expect(IMAGE_TIMEOUT_MS).toBe(120_000);
  });
});
