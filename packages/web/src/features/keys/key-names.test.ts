import { describe, expect, it } from 'vitest';
import type { EndpointConfig } from '@parley/shared';
import { userKeyName } from './key-names';

const endpoint = (azure: boolean): EndpointConfig => ({
  type: 'x',
  userProvide: true,
  userProvideURL: false,
  azure,
  order: 0,
});

describe('userKeyName', () => {
  it('stores plugins keys under openAI and Azure keys under azureOpenAI', () => {
    expect(userKeyName('gptPlugins', {})).toBe('openAI');
    expect(userKeyName('azureOpenAI', { azureOpenAI: endpoint(true) })).toBe('azureOpenAI');
    expect(userKeyName('Mirror', { Mirror: endpoint(false) })).toBe('Mirror');
    expect(userKeyName('anthropic', undefined)).toBe('anthropic');
  });
});
