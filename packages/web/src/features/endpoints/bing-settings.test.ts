// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@parley/shared';
import { storage } from '../../lib/storage';
import { rememberBingSettings, withRememberedBing } from './bing-settings';

describe('lastBingSettings', () => {
  beforeEach(() => localStorage.clear());

  it('remembers a bingAI setup’s tone and jailbreak, and nothing of other endpoints', () => {
    rememberBingSettings({ endpoint: 'openAI', model: 'gpt-4o', toneStyle: 'fast' }, 'openAI');
    expect(storage.get(STORAGE_KEYS.lastBingSettings)).toBeNull();
    rememberBingSettings(
      { endpoint: 'bingAI', model: 'BingAI', toneStyle: 'precise', jailbreak: true },
      'bingAI',
    );
    expect(JSON.parse(localStorage.getItem('lastBingSettings')!)).toEqual({
      jailbreak: true,
      toneStyle: 'precise',
    });
    // A setup without them stores the defaults (Creative, no jailbreak).
    rememberBingSettings({ endpoint: 'bingAI', model: 'BingAI' }, 'bingAI');
    expect(storage.get(STORAGE_KEYS.lastBingSettings)).toEqual({ jailbreak: false, toneStyle: 'creative' });
  });

  it('starts a bingAI setup with them; other endpoints are left alone', () => {
    storage.set(STORAGE_KEYS.lastBingSettings, { jailbreak: true, toneStyle: 'balanced' });
    const setup = { endpoint: 'bingAI', model: 'BingAI', toneStyle: 'creative', jailbreak: false };
    expect(withRememberedBing(setup, 'bingAI')).toEqual({ ...setup, toneStyle: 'balanced', jailbreak: true });
    const other = { endpoint: 'openAI', model: 'gpt-4o' };
    expect(withRememberedBing(other, 'openAI')).toBe(other);
  });

  it('ignores stored values that are not the settings’ own, field by field', () => {
    localStorage.setItem('lastBingSettings', JSON.stringify({ jailbreak: 'yes', toneStyle: 'precise' }));
    const setup = { endpoint: 'bingAI', model: 'BingAI', jailbreak: false };
    expect(withRememberedBing(setup, 'bingAI')).toEqual({ ...setup, toneStyle: 'precise' });
    localStorage.setItem('lastBingSettings', JSON.stringify({ jailbreak: true, toneStyle: '__proto__' }));
    expect(withRememberedBing(setup, 'bingAI')).toEqual({ ...setup, jailbreak: true });
    localStorage.setItem('lastBingSettings', '{not json');
    expect(withRememberedBing(setup, 'bingAI')).toBe(setup);
  });
});
