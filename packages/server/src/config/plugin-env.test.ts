import { describe, expect, it } from 'vitest';
import { readPluginEnv } from './plugin-env';

describe('readPluginEnv', () => {
  it('keeps only the catalogue’s credential names that are set', () => {
    expect(
      readPluginEnv({
        GOOGLE_CSE_ID: ' cse-id ',
        GOOGLE_API_KEY: 'AIza-operator',
        WOLFRAM_APP_ID: '',
        SERPAPI_API_KEY: 'user_provided',
        OPENAI_API_KEY: 'sk-not-a-plugin-setting',
        PATH: '/usr/bin',
      }),
    ).toEqual({ GOOGLE_CSE_ID: 'cse-id', GOOGLE_API_KEY: 'AIza-operator' });
  });
});
