import { describe, expect, it } from 'vitest';
import { endpointSwitchesInPlace, presetConvertsInPlace } from './switching';

describe('endpointSwitchesInPlace', () => {
  it('switches in place for a new conversation or with modular chat, else starts a new one', () => {
    expect(endpointSwitchesInPlace('new', false)).toBe(true);
    expect(endpointSwitchesInPlace('c1', true)).toBe(true);
    expect(endpointSwitchesInPlace('c1', false)).toBe(false);
  });
});

describe('presetConvertsInPlace', () => {
  const base = { conversationId: 'c1', modularChat: false };
  it('converts for the same endpoint, modular chat, or assistants to assistants', () => {
    expect(presetConvertsInPlace({ ...base, currentEndpoint: 'openAI', presetEndpoint: 'openAI' })).toBe(
      true,
    );
    expect(
      presetConvertsInPlace({ ...base, currentEndpoint: 'assistants', presetEndpoint: 'assistants' }),
    ).toBe(true);
    expect(
      presetConvertsInPlace({
        ...base,
        modularChat: true,
        currentEndpoint: 'openAI',
        presetEndpoint: 'google',
      }),
    ).toBe(true);
  });

  it('starts a new conversation otherwise, except when nothing was sent yet', () => {
    expect(presetConvertsInPlace({ ...base, currentEndpoint: 'openAI', presetEndpoint: 'google' })).toBe(
      false,
    );
    expect(
      presetConvertsInPlace({
        ...base,
        conversationId: 'new',
        currentEndpoint: 'openAI',
        presetEndpoint: 'google',
      }),
    ).toBe(true);
  });
});
