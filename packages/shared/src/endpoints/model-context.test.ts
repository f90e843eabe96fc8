import { describe, expect, it } from 'vitest';
import { DEFAULT_MODELS } from './endpoints-config.schema';
import { DEFAULT_CONTEXT_WINDOW, contextWindowOf, maxOutputTokensOf } from './model-context';

describe('contextWindowOf', () => {
  it.each([
    ['gpt-4.1', 1047576],
    ['gpt-4.1-nano-2025-04-14', 1047576],
    ['gpt-4o-mini', 128000],
    ['gpt-5-mini', 272000],
    ['o3', 200000],
    ['o1-mini', 128000],
    ['o4-mini', 200000],
    ['claude-sonnet-4-5', 200000],
    ['claude-opus-4-1-20250805', 200000],
    ['claude-haiku-4-5', 200000],
    ['claude-3-5-haiku-latest', 200000],
    ['gemini-2.5-flash-lite', 1048576],
    ['gemini-2.0-flash', 1048576],
    ['gpt-4', 8192],
    ['claude-2', 100000],
    ['some-local-model', DEFAULT_CONTEXT_WINDOW],
  ])('%s has %i tokens', (model, tokens) => expect(contextWindowOf(model)).toBe(tokens));

  it('knows the window of every default model (none falls to the 4096 default)', () => {
    const models = Object.values(DEFAULT_MODELS).flat();
    expect(models.filter((m) => contextWindowOf(m) <= DEFAULT_CONTEXT_WINDOW)).toEqual([]);
  });
});

describe('maxOutputTokensOf', () => {
  it.each([
    ['gpt-4o-mini', 16384],
    ['gpt-3.5-turbo-16k', 4096],
    ['gpt-4', 8192],
    ['gpt-4-turbo-2024-04-09', 4096],
    ['claude-3-5-sonnet-latest', 8192],
    ['claude-sonnet-4-5', 64000],
    ['gemini-2.5-pro', 65536],
    ['gemini-1.5-flash', 8192],
    ['some-local-model', DEFAULT_CONTEXT_WINDOW],
  ])('%s writes at most %i tokens', (model, tokens) => expect(maxOutputTokensOf(model)).toBe(tokens));

  it('never exceeds the window of a default model', () => {
    const models = Object.values(DEFAULT_MODELS).flat();
    expect(models.filter((m) => maxOutputTokensOf(m) > contextWindowOf(m))).toEqual([]);
  });
});
