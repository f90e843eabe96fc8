import { describe, expect, it } from 'vitest';
import {
  ENDPOINT_SETTINGS,
  FALLBACK_MODEL,
  FALLBACK_MODEL_LABEL,
  IMAGE_DETAIL_STEPS,
} from './endpoint-settings.data';
import { endpointKindOf, endpointSettings } from './endpoint-settings';
import type { EndpointKind } from './endpoint-settings.data';
import type { NumberSetting } from './endpoint-settings.types';

function range(kind: EndpointKind, key: string, model?: string) {
  const found = endpointSettings(kind, model).settings.find((s) => s.key === key);
  if (!found || found.kind !== 'number') throw new Error(`no number setting ${key} on ${kind}`);
  const { min, max, step, default: dflt } = found as NumberSetting;
  return { min, max, step, default: dflt };
}

describe('OpenAI-style endpoints', () => {
  it.each(['openAI', 'azureOpenAI', 'custom'] as const)('%s has the OpenAI ranges and defaults', (kind) => {
    expect(range(kind, 'temperature')).toEqual({ min: 0, max: 2, step: 0.01, default: 1 });
    expect(range(kind, 'top_p')).toMatchObject({ min: 0, max: 1, default: 1 });
    expect(range(kind, 'frequency_penalty')).toMatchObject({ min: -2, max: 2, default: 0 });
    expect(range(kind, 'presence_penalty')).toMatchObject({ min: -2, max: 2, default: 0 });
    expect(ENDPOINT_SETTINGS[kind].defaults).toEqual({
      model: 'gpt-3.5-turbo',
      temperature: 1,
      top_p: 1,
      frequency_penalty: 0,
      presence_penalty: 0,
      resendImages: false,
      imageDetail: 'auto',
    });
  });

  it('image detail has three steps: auto, low, high', () => {
    expect(IMAGE_DETAIL_STEPS).toEqual(['auto', 'low', 'high']);
    const detail = ENDPOINT_SETTINGS.openAI.settings.find((s) => s.key === 'imageDetail');
    expect(detail).toMatchObject({ kind: 'enum', options: ['auto', 'low', 'high'], default: 'auto' });
  });
});

describe('google', () => {
  it('has chat-bison, temperature 0..1 (0.2), topP 0..1 (0.8), topK 1..40 (40), one empty example', () => {
    expect(ENDPOINT_SETTINGS.google.defaults.model).toBe('chat-bison');
    expect(range('google', 'temperature')).toEqual({ min: 0, max: 1, step: 0.01, default: 0.2 });
    expect(range('google', 'topP')).toMatchObject({ min: 0, max: 1, default: 0.8 });
    expect(range('google', 'topK')).toMatchObject({ min: 1, max: 40, default: 40 });
    expect(ENDPOINT_SETTINGS.google.defaults.examples).toEqual([
      { input: { content: '' }, output: { content: '' } },
    ]);
  });

  it('maxOutputTokens is 1..2048 (1024), and up to 8192 (8192) for gemini-pro', () => {
    expect(range('google', 'maxOutputTokens', 'chat-bison')).toEqual({
      min: 1,
      max: 2048,
      step: 1,
      default: 1024,
    });
    expect(range('google', 'maxOutputTokens', 'gemini-pro')).toEqual({
      min: 1,
      max: 8192,
      step: 1,
      default: 8192,
    });
    expect(endpointSettings('google', 'gemini-pro').defaults.maxOutputTokens).toBe(8192);
    expect(endpointSettings('google').defaults.maxOutputTokens).toBe(1024);
  });

  it('hides top-p and top-k for code/text models and shows examples only for chat-type', () => {
    const keys = (model: string) => endpointSettings('google', model).settings.map((s) => s.key);
    expect(keys('text-bison')).not.toContain('topP');
    expect(keys('code-bison')).not.toContain('topK');
    expect(keys('chat-bison')).toEqual(expect.arrayContaining(['topP', 'topK', 'examples']));
    expect(keys('gemini-pro')).toEqual(expect.arrayContaining(['topP', 'topK']));
    expect(keys('gemini-pro')).not.toContain('examples');
  });
});

describe('anthropic', () => {
  it('has claude-1 and its ranges', () => {
    expect(ENDPOINT_SETTINGS.anthropic.defaults.model).toBe('claude-1');
    expect(range('anthropic', 'temperature')).toMatchObject({ min: 0, max: 1, default: 1 });
    expect(range('anthropic', 'maxOutputTokens')).toEqual({ min: 1, max: 4000, step: 1, default: 4000 });
    expect(range('anthropic', 'topP')).toMatchObject({ min: 0, max: 1, default: 0.7 });
    expect(range('anthropic', 'topK')).toMatchObject({ min: 1, max: 40, default: 5 });
  });
});

describe('other endpoints', () => {
  it('gptPlugins: temperature 0.8, top_p 1, functions agent with skipCompletion, agent temperature 0..2 (0)', () => {
    const { defaults } = ENDPOINT_SETTINGS.gptPlugins;
    expect(defaults).toMatchObject({ model: 'gpt-3.5-turbo', temperature: 0.8, top_p: 1, tools: [] });
    expect(defaults.agentOptions).toEqual({
      agent: 'functions',
      skipCompletion: true,
      model: 'gpt-3.5-turbo',
      temperature: 0,
    });
    expect(range('gptPlugins', 'agentOptions.temperature')).toMatchObject({ min: 0, max: 2, default: 0 });
    // The agent's model is picked from the endpoint's own models.
    expect(ENDPOINT_SETTINGS.gptPlugins.settings).toContainEqual({
      kind: 'model',
      key: 'agentOptions.model',
    });
    expect(range('gptPlugins', 'temperature')).toMatchObject({ min: 0, max: 2, default: 0.8 });
  });

  it('chatGPTBrowser, bingAI and the fallbacks', () => {
    expect(ENDPOINT_SETTINGS.chatGPTBrowser.defaults.model).toBe('text-davinci-002-render-sha');
    expect(ENDPOINT_SETTINGS.bingAI.defaults).toMatchObject({ toneStyle: 'creative', jailbreak: false });
    expect(FALLBACK_MODEL).toBe('gpt-3.5-turbo');
    expect(FALLBACK_MODEL_LABEL).toBe('ChatGPT');
  });

  it('maps a custom endpoint name to the custom kind', () => {
    expect(endpointKindOf('anthropic')).toBe('anthropic');
    expect(endpointKindOf('Mistral')).toBe('custom');
    expect(endpointKindOf('toString')).toBe('custom');
  });
});
