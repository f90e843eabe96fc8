import { describe, expect, it } from 'vitest';
import type { EndpointConfig } from '@parley/shared';
import { builderAvailable, sidePanels } from './side-panels';

const endpoint = (extra: Partial<EndpointConfig> = {}): EndpointConfig => ({
  type: 'assistants',
  userProvide: false,
  userProvideURL: false,
  azure: false,
  order: 4,
  ...extra,
});
const noKey = { required: false, stored: null, expiresAt: null };
const NOW = Date.parse('2026-05-01T12:00:00Z');

describe('builderAvailable', () => {
  it('needs the assistants endpoint', () => {
    expect(builderAvailable(undefined, noKey, NOW)).toBe(false);
    expect(builderAvailable({ openAI: endpoint({ type: 'openAI' }) }, noKey, NOW)).toBe(false);
    expect(builderAvailable({ assistants: endpoint() }, noKey, NOW)).toBe(true);
  });

  it('is off when the operator disabled the builder', () => {
    expect(builderAvailable({ assistants: endpoint({ disableBuilder: true }) }, noKey, NOW)).toBe(false);
    expect(builderAvailable({ assistants: endpoint({ disableBuilder: false }) }, noKey, NOW)).toBe(true);
  });

  it("needs the user's key, stored and unexpired, when the endpoint takes one", () => {
    const config = { assistants: endpoint({ userProvide: true }) };
    const key = (stored: boolean | null, expiresAt: string | null) => ({ required: true, stored, expiresAt });
    expect(builderAvailable(config, key(null, null), NOW)).toBe(false);
    expect(builderAvailable(config, key(false, null), NOW)).toBe(false);
    expect(builderAvailable(config, key(true, null), NOW)).toBe(true);
    expect(builderAvailable(config, key(true, '2026-05-01T12:00:01Z'), NOW)).toBe(true);
    expect(builderAvailable(config, key(true, '2026-05-01T12:00:00Z'), NOW)).toBe(false);
  });
});

describe('sidePanels', () => {
  it('offers the builder first when it is available, else only the files', () => {
    expect(sidePanels(true, 'files')).toEqual({ panels: ['assistants', 'files'], active: 'files' });
    expect(sidePanels(true, 'assistants')).toEqual({ panels: ['assistants', 'files'], active: 'assistants' });
    expect(sidePanels(false, 'assistants')).toEqual({ panels: ['files'], active: 'files' });
  });
});
