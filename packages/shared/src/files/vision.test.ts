import { describe, expect, it } from 'vitest';
import { DEFAULT_MODELS } from '../endpoints/endpoints-config.schema';
import { DEFAULT_IMAGE_SIZE, MAX_VISION_IMAGES, imageTokenCost, isVisionModel, takesImages } from './vision';

describe('isVisionModel', () => {
  it.each([
    'gpt-4o',
    'gpt-4o-mini',
    'gpt-4o-2024-05-13',
    'chatgpt-4o-latest',
    'gpt-4-vision-preview',
    'gpt-4-turbo',
    'gpt-4-turbo-2024-04-09',
    'gpt-4.1',
    'gpt-5',
    'o1',
    'o3',
    'o3-2025-04-16',
    'o4-mini',
    'claude-3-opus-20240229',
    'claude-3-5-sonnet-20241022',
    'claude-sonnet-4-20250514',
    'gemini-pro-vision',
    'gemini-1.5-pro',
    'gemini-2.0-flash',
    'llava-13b',
    'GPT-4O',
  ])('%s takes images', (model) => expect(isVisionModel(model)).toBe(true));

  it.each([
    'gpt-3.5-turbo',
    'gpt-4',
    'gpt-4-0613',
    'gpt-4-turbo-preview',
    'claude-2.1',
    'claude-instant-1',
    'gemini-pro',
    'chat-bison',
    'o1-mini',
    'o3-mini',
    '',
    null,
    undefined,
  ])('%j does not', (model) => expect(isVisionModel(model)).toBe(false));

  it('counts every default model of OpenAI, Anthropic and Google as one', () => {
    const models = [...DEFAULT_MODELS.openAI, ...DEFAULT_MODELS.anthropic, ...DEFAULT_MODELS.google];
    expect(models.filter((m) => !isVisionModel(m))).toEqual([]);
  });

  it('allows up to 10 images at once', () => {
    expect(MAX_VISION_IMAGES).toBe(10);
  });
});

describe('imageTokenCost (low 85, high 170 per tile, additional 85)', () => {
  it('costs 85 at low detail whatever the size', () => {
    expect(imageTokenCost({ width: 4096, height: 4096 }, 'low')).toBe(85);
    expect(imageTokenCost({}, 'low')).toBe(85);
  });

  it.each([
    [512, 512, 255], // one tile
    [100, 80, 255],
    [1024, 1024, 765], // short side to 768: 2 x 2 tiles
    [4096, 2048, 1105], // fitted in 2048 (2048 x 1024), short side to 768 (1536 x 768): 3 x 2 tiles
    [2048, 4096, 1105],
    [800, 600, 765], // short side under 768 keeps its size: 2 x 2 tiles
  ])('%i x %i at high detail costs %i', (width, height, cost) => {
    expect(imageTokenCost({ width, height }, 'high')).toBe(cost);
  });

  it('counts auto as high, so the context budget is never short', () => {
    expect(imageTokenCost({ width: 1024, height: 1024 }, 'auto')).toBe(765);
  });

  it('assumes the default size when the dimensions are unknown', () => {
    expect(imageTokenCost({}, 'high')).toBe(imageTokenCost(DEFAULT_IMAGE_SIZE, 'high'));
    expect(imageTokenCost({}, 'high')).toBe(1105);
  });
});

describe('takesImages', () => {
  it('takes the known vision families with or without marks', () => {
    expect(takesImages('gpt-4o', undefined)).toBe(true);
    expect(takesImages('gpt-4o', [])).toBe(true);
  });

  it('takes a model the operator marked, by exact name or `*` pattern, in any case', () => {
    expect(takesImages('deepseek-chat', undefined)).toBe(false);
    expect(takesImages('deepseek-chat', ['deepseek-vl2'])).toBe(false);
    expect(takesImages('deepseek-vl2', ['deepseek-vl2'])).toBe(true);
    expect(takesImages('Qwen-VL-Max', ['qwen-vl-*'])).toBe(true);
    expect(takesImages('qwen-vl', ['qwen-vl-*'])).toBe(false);
    // The rest of a pattern is literal: a dot is a dot.
    expect(takesImages('glm-4xv', ['glm-4.v'])).toBe(false);
    expect(takesImages(null, ['*'])).toBe(false);
  });
});
