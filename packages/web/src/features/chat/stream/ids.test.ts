import { describe, expect, it } from 'vitest';
import type { EndpointsConfig } from '@parley/shared';
import { newId, senderLabel } from './ids';

describe('newId', () => {
  it('makes distinct v4 UUIDs', () => {
    const a = newId();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newId()).not.toBe(a);
  });
});

describe('senderLabel', () => {
  const endpoints = {
    openAI: { type: 'openAI', userProvide: false, userProvideURL: false, azure: false, order: 0 },
    Mirror: { type: 'custom', userProvide: true, userProvideURL: false, azure: false, order: 1 },
    Named: {
      type: 'custom',
      userProvide: false,
      userProvideURL: false,
      azure: false,
      order: 2,
      modelDisplayLabel: 'Helper',
    },
  } satisfies EndpointsConfig;

  it('prefers the conversation label, then the endpoint display label, then the kind default', () => {
    expect(senderLabel({ endpoint: 'openAI', modelLabel: 'Ada' }, endpoints)).toBe('Ada');
    expect(senderLabel({ endpoint: 'openAI', chatGptLabel: 'Bob' }, endpoints)).toBe('Bob');
    expect(senderLabel({ endpoint: 'Named' }, endpoints)).toBe('Helper');
    expect(senderLabel({ endpoint: 'Mirror' }, endpoints)).toBe('AI');
    expect(senderLabel({ endpoint: 'openAI' }, endpoints)).toBe('ChatGPT');
    expect(senderLabel({ endpoint: 'anthropic' }, undefined)).toBe('Claude');
    expect(senderLabel({}, undefined)).toBe('ChatGPT');
  });

  it("names an assistant's reply after the chosen assistant, as the server does, else Assistant", () => {
    const assistants = [
      { id: 'asst_a', name: 'Data helper' },
      { id: 'asst_b', name: null },
    ];
    expect(senderLabel({ endpoint: 'assistants', assistant_id: 'asst_a' }, undefined, assistants)).toBe(
      'Data helper',
    );
    expect(senderLabel({ endpoint: 'assistants', assistant_id: 'asst_b' }, undefined, assistants)).toBe(
      'Assistant',
    );
    // The list not loaded yet, or the assistant gone: never the model's kind ("ChatGPT").
    expect(senderLabel({ endpoint: 'assistants', assistant_id: 'asst_a' }, undefined)).toBe('Assistant');
  });
});
