import { describe, expect, it } from 'vitest';
import { validateEndpointOptions } from './validate-endpoint-options';

describe('validateEndpointOptions', () => {
  it('accepts values inside the ranges, and absent or null values', () => {
    const options = { temperature: 2, top_p: 0, frequency_penalty: -2, presence_penalty: null };
    expect(validateEndpointOptions('openAI', options)).toEqual({ ok: true, options });
    expect(validateEndpointOptions('anthropic', {})).toEqual({ ok: true, options: {} });
  });

  it('refuses an out-of-range value, naming the field, the range and the endpoint', () => {
    expect(validateEndpointOptions('anthropic', { temperature: 1.5 })).toEqual({
      ok: false,
      issues: [{ field: 'temperature', message: 'temperature must be between 0 and 1 for anthropic' }],
    });
    expect(validateEndpointOptions('openAI', { temperature: 2.01 })).toMatchObject({ ok: false });
    expect(validateEndpointOptions('openAI', { frequency_penalty: -2.5 })).toMatchObject({ ok: false });
  });

  it('checks google maxOutputTokens against the model', () => {
    expect(validateEndpointOptions('google', { model: 'gemini-pro', maxOutputTokens: 8192 }).ok).toBe(true);
    expect(validateEndpointOptions('google', { model: 'chat-bison', maxOutputTokens: 4096 })).toEqual({
      ok: false,
      issues: [
        { field: 'maxOutputTokens', message: 'maxOutputTokens must be between 1 and 2048 for google' },
      ],
    });
    expect(validateEndpointOptions('google', { topK: 0 })).toMatchObject({ ok: false });
    expect(validateEndpointOptions('google', { topK: 2.5 })).toMatchObject({
      issues: [{ message: 'topK must be a whole number for google' }],
    });
  });

  it('checks nested agent temperature and enum settings', () => {
    expect(validateEndpointOptions('gptPlugins', { agentOptions: { temperature: 3 } })).toEqual({
      ok: false,
      issues: [
        {
          field: 'agentOptions.temperature',
          message: 'agentOptions.temperature must be between 0 and 2 for gptPlugins',
        },
      ],
    });
    expect(validateEndpointOptions('bingAI', { toneStyle: 'Precise' }).ok).toBe(true);
    expect(validateEndpointOptions('bingAI', { toneStyle: 'grumpy' }).ok).toBe(false);
  });

  it('ignores options the endpoint has no setting for', () => {
    expect(validateEndpointOptions('openAI', { topK: 400 }).ok).toBe(true);
  });
});
