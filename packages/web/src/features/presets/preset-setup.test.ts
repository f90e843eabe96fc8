import { describe, expect, it } from 'vitest';
import type { Preset } from '@parley/shared';
import { presetToPayload, presetToSetup, setupToPayload } from './preset-setup';

const preset: Preset = {
  presetId: 'p1',
  title: 'Poet',
  endpoint: 'google',
  model: 'chat-bison',
  examples: [{ input: { content: 'a' }, output: { content: 'b' } }],
  defaultPreset: false,
  order: 2,
  user: 'u1',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

describe('preset conversions', () => {
  it('a preset sets up a conversation with its options only', () => {
    const setup = presetToSetup(preset);
    expect(setup).toEqual({ endpoint: 'google', model: 'chat-bison', examples: preset.examples });
    setup.examples![0]!.input.content = 'changed';
    expect(preset.examples![0]!.input.content).toBe('a');
  });

  it('updates send the preset without server-owned fields', () => {
    expect(presetToPayload(preset)).not.toHaveProperty('user');
    expect(presetToPayload(preset)).toMatchObject({ presetId: 'p1', order: 2 });
  });

  it('saving the screen setup titles it and leaves attached files behind', () => {
    expect(
      setupToPayload({ endpoint: 'openAI', model: 'gpt-4', file_ids: ['f'], temperature: 1 }, '  Mine '),
    ).toEqual({ endpoint: 'openAI', model: 'gpt-4', temperature: 1, title: 'Mine' });
  });
});
