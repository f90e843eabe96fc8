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

  describe('prefers an endpoint the user can use now', () => {
    // openAI takes each user's own key and comes first; anthropic runs on the operator's key.
    const keyed: EndpointsConfig = {
      openAI: { ...entry('openAI', 0), userProvide: true },
      anthropic: entry('anthropic', 1),
    };
    const noKeys = { config: keyed, models, hasUserKey: () => false };

    it('lands a new user (no keys stored) on the endpoint that works, not the first one', () => {
      expect(newConversationSetup(noKeys)).toMatchObject({ endpoint: 'anthropic', model: 'claude-2.1' });
    });

    it('keeps the first endpoint once its key is stored', () => {
      const setup = newConversationSetup({ ...noKeys, hasUserKey: (e) => e === 'openAI' });
      expect(setup).toMatchObject({ endpoint: 'openAI' });
    });

    it('keeps the last choice while it is usable, and passes over it when its key is gone', () => {
      const last = { lastConversationSetup: { endpoint: 'openAI', model: 'gpt-4', temperature: 0.5 } };
      const withKey = newConversationSetup({ ...noKeys, ...last, hasUserKey: () => true });
      expect(withKey).toMatchObject({ endpoint: 'openAI', model: 'gpt-3.5-turbo', temperature: 0.5 });
      expect(newConversationSetup({ ...noKeys, ...last })).toMatchObject({ endpoint: 'anthropic' });
    });

    it('passes over a default preset whose endpoint needs a key the user has not stored', () => {
      const presets = [preset({ endpoint: 'openAI', model: 'gpt-4' })];
      expect(newConversationSetup({ ...noKeys, presets })).toMatchObject({ endpoint: 'anthropic' });
      expect(newConversationSetup({ ...noKeys, presets, hasUserKey: () => true })).toMatchObject({
        endpoint: 'openAI',
        model: 'gpt-4',
      });
    });

    it('falls back to the usual order when no endpoint is usable', () => {
      const allKeyed: EndpointsConfig = { ...keyed, anthropic: { ...keyed.anthropic!, userProvide: true } };
      const last = { lastConversationSetup: { endpoint: 'anthropic' } };
      expect(newConversationSetup({ ...noKeys, config: allKeyed })).toMatchObject({ endpoint: 'openAI' });
      expect(newConversationSetup({ ...noKeys, config: allKeyed, ...last })).toMatchObject({
        endpoint: 'anthropic',
      });
    });
  });
});
