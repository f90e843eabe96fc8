import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { readToolSettings } from './tool-settings';

describe('readToolSettings', () => {
  it('defaults to 10 steps and OpenAI for DALL-E', () => {
    expect(readToolSettings({})).toEqual({ stepLimit: 10, dalleBaseUrl: null });
  });

  it('reads TOOL_STEP_LIMIT and DALLE_REVERSE_PROXY', () => {
    expect(
      readToolSettings({ TOOL_STEP_LIMIT: '3', DALLE_REVERSE_PROXY: 'https://images.example/v1' }),
    ).toEqual({
      stepLimit: 3,
      dalleBaseUrl: 'https://images.example/v1',
    });
  });

  it('refuses a step limit out of range and a proxy that is not a URL, naming the variable', () => {
    for (const env of [{ TOOL_STEP_LIMIT: '0' }, { TOOL_STEP_LIMIT: '51' }, { TOOL_STEP_LIMIT: 'ten' }]) {
      expect(() => readToolSettings(env)).toThrow(ConfigError);
      expect(() => readToolSettings(env)).toThrow(/TOOL_STEP_LIMIT/);
    }
    expect(() => readToolSettings({ DALLE_REVERSE_PROXY: 'images.example' })).toThrow(/DALLE_REVERSE_PROXY/);
  });
});
