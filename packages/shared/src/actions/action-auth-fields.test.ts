import { describe, expect, it } from 'vitest';
import { DEFAULT_ACTION_AUTH, actionAuthSchema, actionMetadataSchema } from './action.schema';
import { invalidActionAuthFields, missingActionAuthFields } from './action-auth-fields';

describe('action auth settings', () => {
  it('defaults to none, basic and default_post', () => {
    expect(DEFAULT_ACTION_AUTH).toEqual({
      type: 'none',
      authorization_type: 'basic',
      token_exchange_method: 'default_post',
    });
  });

  it('reads null and empty strings from LibreChat clients as not given', () => {
    const auth = actionAuthSchema.parse({ type: 'oauth', scope: '', client_url: null });
    expect(auth.scope).toBeUndefined();
    expect(auth.client_url).toBeUndefined();
    expect(actionMetadataSchema.parse({ api_key: null, raw_spec: 'x' })).toEqual({ raw_spec: 'x' });
  });

  it('needs nothing for none', () => {
    expect(missingActionAuthFields({ auth: { type: 'none' } })).toEqual([]);
    expect(missingActionAuthFields({})).toEqual([]);
  });

  it('needs an API key for service_http, and a header name for custom', () => {
    expect(missingActionAuthFields({ auth: { type: 'service_http', authorization_type: 'bearer' } })).toEqual(
      ['api_key'],
    );
    expect(
      missingActionAuthFields({
        auth: { type: 'service_http', authorization_type: 'custom' },
        api_key: '  ',
      }),
    ).toEqual(['api_key', 'custom_auth_header']);
    expect(
      missingActionAuthFields(
        { auth: { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Key' } },
        new Set(['api_key']),
      ),
    ).toEqual([]);
  });

  it('needs client id, secret, authorization URL, token URL and scope for oauth', () => {
    expect(missingActionAuthFields({ auth: { type: 'oauth' } })).toEqual([
      'oauth_client_id',
      'oauth_client_secret',
      'authorization_url',
      'client_url',
      'scope',
    ]);
    expect(
      missingActionAuthFields(
        {
          auth: { type: 'oauth', authorization_url: 'https://a', client_url: 'https://t', scope: 'read' },
          oauth_client_id: 'id',
        },
        new Set(['oauth_client_secret']),
      ),
    ).toEqual([]);
  });

  it('finds a header name that is no header, or one the request sets itself, and non-http OAuth URLs', () => {
    const custom = (custom_auth_header: string) => ({
      auth: { type: 'service_http' as const, authorization_type: 'custom' as const, custom_auth_header },
    });
    expect(invalidActionAuthFields(custom('X-Api-Key'))).toEqual([]);
    expect(invalidActionAuthFields(custom('X Api'))).toEqual(['custom_auth_header']);
    expect(invalidActionAuthFields(custom('Bad\r\nInjected: 1'))).toEqual(['custom_auth_header']);
    expect(invalidActionAuthFields(custom('Host'))).toEqual(['custom_auth_header']);
    expect(
      invalidActionAuthFields({
        auth: { type: 'oauth', authorization_url: 'javascript:alert(1)', client_url: 'https://t.io/token' },
      }),
    ).toEqual(['authorization_url']);
  });
});
