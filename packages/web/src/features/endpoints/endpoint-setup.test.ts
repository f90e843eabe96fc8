import { describe, expect, it } from 'vitest';
import type { EndpointsConfig, ModelsConfig } from '@parley/shared';
import { orderedEndpoints, pickModel, setupForEndpoint, setupForModel } from './endpoint-setup';

const entry = (type: string, order: number) => ({
  type,
  userProvide: false,
  userProvideURL: false,
  azure: false,
  order,
});
const config: EndpointsConfig = {
  google: entry('google', 2),
  openAI: entry('openAI', 0),
  Mirror: entry('custom', 3),
  gptPlugins: entry('gptPlugins', 1),
};
const models: ModelsConfig = {
  openAI: ['gpt-3.5-turbo', 'gpt-4'],
  google: ['gemini-pro', 'chat-bison', 'code-bison'],
  Mirror: ['mirror-small', 'mirror-large'],
  gptPlugins: ['gpt-4'],
};

describe('orderedEndpoints', () => {
  it('sorts by the configured order', () => {
    expect(orderedEndpoints(config)).toEqual(['openAI', 'gptPlugins', 'google', 'Mirror']);
    expect(orderedEndpoints(undefined)).toEqual([]);
  });
});

describe('pickModel', () => {
  it('keeps the remembered model only while it is offered, else the first offered', () => {
    expect(pickModel('openAI', config, models, 'gpt-4')).toBe('gpt-4');
    expect(pickModel('openAI', config, models, 'gpt-9')).toBe('gpt-3.5-turbo');
    expect(pickModel('openAI', config, models, null)).toBe('gpt-3.5-turbo');
  });

  it("falls back to the endpoint's default model when none is offered", () => {
    expect(pickModel('google', config, {}, null)).toBe('chat-bison');
  });
});

describe('setupForEndpoint', () => {
  it("applies the endpoint's defaults", () => {
    expect(setupForEndpoint('openAI', config, models, 'gpt-4')).toEqual({
      endpoint: 'openAI',
      model: 'gpt-4',
      temperature: 1,
      top_p: 1,
      frequency_penalty: 0,
      presence_penalty: 0,
      resendImages: false,
      imageDetail: 'auto',
    });
    const plugins = setupForEndpoint('gptPlugins', config, models);
    expect(plugins).toMatchObject({ temperature: 0.8, tools: [] });
    expect(plugins.agentOptions).toEqual({
      agent: 'functions',
      skipCompletion: true,
      model: plugins.model,
      temperature: 0,
    });
    expect(plugins.model).toBe('gpt-4');
  });

  it('uses the model-dependent google defaults and marks custom endpoints', () => {
    expect(setupForEndpoint('google', config, models, 'chat-bison')).toMatchObject({
      maxOutputTokens: 1024,
      topK: 40,
    });
    expect(setupForEndpoint('google', config, models).maxOutputTokens).toBe(8192);
    expect(setupForEndpoint('Mirror', config, models)).toMatchObject({
      endpoint: 'Mirror',
      endpointType: 'custom',
      model: 'mirror-small',
    });
  });

  it('returns copies that edits cannot leak into the shared defaults', () => {
    const first = setupForEndpoint('google', config, models, 'chat-bison');
    first.examples![0]!.input.content = 'changed';
    expect(setupForEndpoint('google', config, models, 'chat-bison').examples![0]!.input.content).toBe('');
  });
});

describe('setupForModel', () => {
  it('keeps options but resets numbers the new model no longer allows', () => {
    const gemini = { ...setupForEndpoint('google', config, models, 'gemini-pro'), temperature: 0.5 };
    expect(gemini.maxOutputTokens).toBe(8192);
    const bison = setupForModel(gemini, config, 'chat-bison');
    expect(bison).toMatchObject({ model: 'chat-bison', maxOutputTokens: 1024, temperature: 0.5 });
    const back = setupForModel({ ...bison, maxOutputTokens: 2000 }, config, 'gemini-pro');
    expect(back.maxOutputTokens).toBe(2000);
  });

  it("moves the Plugins agent's model with the chat's model, unless the user picked another", () => {
    const plugins = setupForEndpoint('gptPlugins', config, models, 'gpt-4');
    expect(setupForModel(plugins, config, 'gpt-4o').agentOptions?.model).toBe('gpt-4o');
    const picked = { ...plugins, agentOptions: { ...plugins.agentOptions, model: 'gpt-4o-mini' } };
    expect(setupForModel(picked, config, 'gpt-4o').agentOptions?.model).toBe('gpt-4o-mini');
  });
});
