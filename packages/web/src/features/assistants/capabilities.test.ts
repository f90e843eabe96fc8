import { describe, expect, it } from 'vitest';
import type { EndpointConfig } from '@parley/shared';
import { offeredCapabilities } from './capabilities';

const endpoint = { type: 'assistants', userProvide: false, userProvideURL: false, azure: false, order: 1 };

describe('offeredCapabilities', () => {
  it('offers everything when the server does not list the capabilities', () => {
    const offered = offeredCapabilities(endpoint);
    expect(['code_interpreter', 'retrieval', 'actions'].map((c) => offered(c as never))).toEqual([
      true,
      true,
      true,
    ]);
    expect(offeredCapabilities(undefined)('retrieval')).toBe(true);
  });

  it('offers only the listed ones when it does', () => {
    const offered = offeredCapabilities({ ...endpoint, capabilities: ['retrieval'] } as EndpointConfig);
    expect([offered('code_interpreter'), offered('retrieval'), offered('actions')]).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('ignores a list that is not a list', () => {
    expect(
      offeredCapabilities({ ...endpoint, capabilities: 'retrieval' } as unknown as EndpointConfig)('actions'),
    ).toBe(true);
  });
});
