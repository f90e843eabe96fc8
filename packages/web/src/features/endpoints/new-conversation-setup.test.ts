import { describe, expect, it } from 'vitest';
import type { EndpointsConfig, ModelsConfig, Preset } from '@parley/shared';
import { newConversationSetup } from './new-conversation-setup';

const entry = (type: string, order: number) => ({
  type,
  userProvide: false,
  userProvideURL: false,
  azure: false,
  order,
});
const config: EndpointsConfig = { openAI: entry('openAI', 0), anthropic: entry('anthropic', 1) };
const models: ModelsConfig = { openAI: ['gpt-3.5-turbo', 'gpt-4'], anthropic: ['claude-2.1', 'claude-1'] };

const preset = (over: Partial<Preset>): Preset => ({
  presetId: 'p1',
  title: 'Poet',
  endpoint: 'anthropic',
  model: 'claude-1',
  temperature: 0.3,
  promptPrefix: 'Answer in verse.',
  defaultPreset: true,
  user: 'u1',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  ...over,
});

describe('newConversationSetup', () => {
  it('starts from the default preset, without its own fields', () => {
    const setup = newConversationSetup({
      config,
      models,
      presets: [preset({ presetId: 'p0', defaultPreset: false, endpoint: 'openAI' }), preset({})],
      lastConversationSetup: { endpoint: 'openAI', model: 'gpt-4' },
    });
    expect(setup).toEqual({
      endpoint: 'anthropic',
      model: 'claude-1',
      temperature: 0.3,
      promptPrefix: 'Answer in verse.',
    });
  });

  it('skips a default preset whose endpoint is gone', () => {
    const setup = newConversationSetup({
      config,
      models,
      presets: [preset({ endpoint: 'google' })],
    });
    expect(setup).toMatchObject({ endpoint: 'openAI', model: 'gpt-3.5-turbo' });
  });

  it("else continues the last setup's endpoint, options and remembered model", () => {
    const setup = newConversationSetup({
      config,
      models,
      lastConversationSetup: { endpoint: 'anthropic', model: 'claude-1', temperature: 0.4, topK: 7 },
      lastSelectedModel: { anthropic: 'claude-1', openAI: 'gpt-4' },
    });
    expect(setup).toEqual({
      endpoint: 'anthropic',
      model: 'claude-1',
      temperature: 0.4,
      maxOutputTokens: 4000,
      topP: 0.7,
      topK: 7,
    });
  });

  it('drops remembered models that are no longer offered', () => {
    const setup = newConversationSetup({
      config,
      models,
      lastConversationSetup: { endpoint: 'openAI' },
      lastSelectedModel: { openAI: 'gpt-2' },
    });
    expect(setup.model).toBe('gpt-3.5-turbo');
  });

  it('falls back to the first endpoint when the last one is gone', () => {
    const setup = newConversationSetup({
      config,
      models,
      lastConversationSetup: { endpoint: 'bingAI', toneStyle: 'fast' },
      lastSelectedModel: { openAI: 'gpt-4' },
    });
    expect(setup).toMatchObject({ endpoint: 'openAI', model: 'gpt-4', temperature: 1 });
    expect(setup).not.toHaveProperty('toneStyle');
  });

  it('never carries options the endpoint would refuse, nor attached files', () => {
    const setup = newConversationSetup({
      config,
      models,
      lastConversationSetup: { endpoint: 'anthropic', temperature: 1.8, file_ids: ['f1'] },
    });
    expect(setup.temperature).toBe(1);
    const files = newConversationSetup({
      config,
      models,
      lastConversationSetup: { endpoint: 'openAI', file_ids: ['f1'], promptPrefix: 'Hi' },
    });
    expect(files).toMatchObject({ promptPrefix: 'Hi' });
    expect(files).not.toHaveProperty('file_ids');
  });

  it('is empty when no endpoint is configured', () => {
    expect(newConversationSetup({ config: {}, models: {} })).toEqual({});
  });
});
