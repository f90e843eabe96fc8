import { describe, expect, it } from 'vitest';
import { DEFAULT_STARTUP_CONFIG, readStartupConfig } from './startup-config';

describe('readStartupConfig', () => {
  it('falls back to the defaults for a body that is not a config', () => {
    expect(readStartupConfig('<!doctype html>')).toEqual(DEFAULT_STARTUP_CONFIG);
    expect(readStartupConfig(null)).toEqual(DEFAULT_STARTUP_CONFIG);
  });

  it('keeps the well-formed fields of a partial config', () => {
    const config = readStartupConfig({
      appTitle: 'Parley',
      registrationEnabled: false,
      socialLogins: ['nope'],
    });
    expect(config.appTitle).toBe('Parley');
    expect(config.registrationEnabled).toBe(false);
    expect(config.socialLogins).toEqual([]);
  });
});
