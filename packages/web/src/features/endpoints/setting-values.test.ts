import { describe, expect, it } from 'vitest';
import type { EndpointsConfig } from '@parley/shared';
import { isSettingDisabled, panelSettings, resetPatch, writeOption } from './setting-values';

const config: EndpointsConfig = {
  google: { type: 'google', userProvide: false, userProvideURL: false, azure: false, order: 0 },
};
const keys = (model: string) => panelSettings('google', config, model).settings.map((s) => s.key);

describe('google panel fields', () => {
  it('hides top-p and top-k for code/text models, and shows examples only for chat-type', () => {
    expect(keys('code-bison')).not.toContain('topP');
    expect(keys('text-bison')).not.toContain('topK');
    expect(keys('code-bison')).not.toContain('examples');
    expect(keys('chat-bison')).toEqual(expect.arrayContaining(['topP', 'topK', 'examples']));
    expect(keys('gemini-pro')).toEqual(expect.arrayContaining(['topP', 'topK']));
    expect(keys('gemini-pro')).not.toContain('examples');
  });

  it('caps output tokens by model', () => {
    const max = (model: string) =>
      panelSettings('google', config, model).settings.find((s) => s.key === 'maxOutputTokens');
    expect(max('chat-bison')).toMatchObject({ max: 2048, default: 1024 });
    expect(max('gemini-pro')).toMatchObject({ max: 8192, default: 8192 });
  });
});

describe('writeOption', () => {
  it('writes plain and nested keys without touching siblings', () => {
    expect(writeOption({}, 'temperature', 0.5)).toEqual({ temperature: 0.5 });
    const setup = { agentOptions: { agent: 'functions' as const, temperature: 0 } };
    expect(writeOption(setup, 'agentOptions.temperature', 1.2)).toEqual({
      agentOptions: { agent: 'functions', temperature: 1.2 },
    });
    expect(setup.agentOptions.temperature).toBe(0);
  });
});

describe('resetPatch', () => {
  it('puts every setting back to its default and clears texts, keeping endpoint and model', () => {
    const patch = resetPatch('openAI', 'gpt-4', {
      endpoint: 'openAI',
      model: 'gpt-4',
      temperature: 0.2,
      promptPrefix: 'x',
      imageDetail: 'high',
    });
    expect(patch).toMatchObject({
      temperature: 1,
      top_p: 1,
      frequency_penalty: 0,
      presence_penalty: 0,
      resendImages: false,
      imageDetail: 'auto',
      promptPrefix: null,
      chatGptLabel: null,
    });
    expect(patch).not.toHaveProperty('endpoint');
    expect(patch).not.toHaveProperty('model');
  });

  it('resets the plugins agent options', () => {
    const patch = resetPatch('gptPlugins', 'gpt-4', {
      agentOptions: { agent: 'classic', skipCompletion: false, model: 'gpt-4', temperature: 1 },
    });
    expect(patch.agentOptions).toEqual({
      agent: 'functions',
      skipCompletion: true,
      model: 'gpt-3.5-turbo',
      temperature: 0,
    });
  });
});

describe('isSettingDisabled', () => {
  it('disables the custom name and prompt prefix while tools are selected', () => {
    const prefix = { kind: 'text', key: 'promptPrefix' } as const;
    const temp = { kind: 'number', key: 'temperature', min: 0, max: 2, step: 0.01, default: 1 } as const;
    expect(isSettingDisabled(prefix, { tools: ['calculator'] })).toBe(true);
    expect(isSettingDisabled({ kind: 'text', key: 'chatGptLabel' }, { tools: ['x'] })).toBe(true);
    expect(isSettingDisabled(prefix, { tools: [] })).toBe(false);
    expect(isSettingDisabled(temp, { tools: ['x'] })).toBe(false);
  });
});
