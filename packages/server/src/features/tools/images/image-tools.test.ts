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

  it('gives an image two minutes by default, and its step longer than the service (saving comes after)', () => {
    expect(IMAGE_TIMEOUT_MS).toBe(120_000);
    for (const create of imageTools) {
      expect(create().timeoutMs).toBe(135_000);
      expect(create({ timeoutMs: 1_000 }).timeoutMs).toBe(16_000);
    }
  });
});
