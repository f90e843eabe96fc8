import { describe, expect, it } from 'vitest';
import { BUILTIN_PLUGINS, pluginAuthTooShort } from '@parley/shared';
import { authPayload, authProblems, tooShortLabel } from './plugin-auth';

const google = BUILTIN_PLUGINS.find((p) => p.pluginKey === 'google')!.authConfig;

describe('the auth form check', () => {
  it('refuses a value shorter than 10 characters once trimmed, as the server does', () => {
    const values = { GOOGLE_CSE_ID: '  123456789  ', 'GOOGLE_SEARCH_API_KEY||GOOGLE_API_KEY': '0123456789' };
    expect(authProblems(google, values)).toEqual([{ authField: 'GOOGLE_CSE_ID', label: 'Google CSE ID' }]);
    expect(authProblems(google, {})).toHaveLength(2);
    expect(authProblems(google, { ...values, GOOGLE_CSE_ID: '0123456789' })).toEqual([]);
  });

  it('sends every field trimmed', () => {
    expect(authPayload(google, { GOOGLE_CSE_ID: ' 0123456789 ' })).toEqual({
      GOOGLE_CSE_ID: '0123456789',
      'GOOGLE_SEARCH_API_KEY||GOOGLE_API_KEY': '',
    });
  });

  it("reads the label out of the server's too-short refusal only", () => {
    expect(tooShortLabel(pluginAuthTooShort('Tavily API Key'))).toBe('Tavily API Key');
    expect(tooShortLabel('pluginKey: unknown plugin "x"')).toBeNull();
  });
});
