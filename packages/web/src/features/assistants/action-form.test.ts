import { describe, expect, it } from 'vitest';
import type { Action } from '@parley/shared';
import { actionPayload, actionToForm, authProblems, emptyActionForm, savedSecretsOf } from './action-form';

const action = (auth: Action['metadata']['auth']): Action => ({
  action_id: 'act_1',
  assistant_id: 'asst_1',
  metadata: {
    raw_spec: 'openapi: 3.0.0',
    domain: 'api.example.com',
    auth,
    privacy_policy_url: 'https://example.com/p',
  },
});
const parsed = {
  domain: 'api.example.com',
  functions: [
    { name: 'getWeather', description: 'Weather', parameters: { type: 'object' as const, properties: {} } },
  ],
};

describe('action form', () => {
  it('starts with auth None, Basic and the POST token exchange', () => {
    expect(emptyActionForm()).toEqual({
      rawSpec: '',
      privacyPolicyUrl: '',
      auth: { type: 'none', authorization_type: 'basic', token_exchange_method: 'default_post' },
      apiKey: '',
      clientId: '',
      clientSecret: '',
    });
  });

  it("shows a saved action's schema and auth, never a secret", () => {
    const form = actionToForm(
      action({ type: 'service_http', authorization_type: 'bearer', token_exchange_method: 'default_post' }),
    );
    expect(form).toMatchObject({
      rawSpec: 'openapi: 3.0.0',
      privacyPolicyUrl: 'https://example.com/p',
      apiKey: '',
    });
    expect(form.auth.authorization_type).toBe('bearer');
  });

  it('knows which secrets a saved action holds', () => {
    expect([...savedSecretsOf(null)]).toEqual([]);
    expect([...savedSecretsOf(action(undefined))]).toEqual([]);
    expect([
      ...savedSecretsOf(
        action({ type: 'service_http', authorization_type: 'basic', token_exchange_method: 'default_post' }),
      ),
    ]).toEqual(['api_key']);
    expect([
      ...savedSecretsOf(
        action({ type: 'oauth', authorization_type: 'basic', token_exchange_method: 'basic_auth_header' }),
      ),
    ]).toEqual(['oauth_client_id', 'oauth_client_secret']);
  });

  it('asks for a key and a custom header name, or every OAuth field, unless saved', () => {
    const form = emptyActionForm();
    expect(authProblems(form, new Set())).toEqual([]);
    const key = {
      ...form,
      auth: { ...form.auth, type: 'service_http' as const, authorization_type: 'custom' as const },
    };
    const fields = (values: typeof form, saved: Set<'api_key'> = new Set()) =>
      authProblems(values, saved).map((p) => `${p.field}:${p.problem}`);
    expect(fields(key)).toEqual(['api_key:missing', 'custom_auth_header:missing']);
    expect(
      fields({ ...key, auth: { ...key.auth, custom_auth_header: 'X-Api-Key' } }, new Set(['api_key'])),
    ).toEqual([]);
    expect(
      fields({ ...key, auth: { ...key.auth, custom_auth_header: 'Bad Header' } }, new Set(['api_key'])),
    ).toEqual(['custom_auth_header:invalid']);
    const oauth = { ...form, auth: { ...form.auth, type: 'oauth' as const } };
    expect(fields(oauth)).toEqual([
      'oauth_client_id:missing',
      'oauth_client_secret:missing',
      'authorization_url:missing',
      'client_url:missing',
      'scope:missing',
    ]);
    expect(
      fields({
        ...oauth,
        clientId: 'id',
        clientSecret: 'secret',
        auth: {
          ...oauth.auth,
          authorization_url: 'javascript:alert(1)',
          client_url: 'https://idp.example.com/token',
          scope: 'read',
        },
      }),
    ).toEqual(['authorization_url:invalid']);
  });

  it('sends the functions, the domain and only the secrets of the chosen type that were typed', () => {
    const values = {
      ...emptyActionForm(),
      rawSpec: '{}',
      privacyPolicyUrl: '  ',
      apiKey: ' sk-1 ',
      clientId: 'left over from OAuth',
      auth: {
        type: 'service_http' as const,
        authorization_type: 'bearer' as const,
        token_exchange_method: 'default_post' as const,
      },
    };
    expect(actionPayload(values, parsed, 'act_1')).toEqual({
      functions: [{ type: 'function', function: parsed.functions[0] }],
      action_id: 'act_1',
      metadata: {
        raw_spec: '{}',
        domain: 'api.example.com',
        auth: values.auth,
        privacy_policy_url: undefined,
        api_key: 'sk-1',
      },
    });
    const keep = actionPayload({ ...values, apiKey: '' }, parsed, null);
    expect(keep).not.toHaveProperty('action_id');
    expect(keep.metadata.api_key).toBeUndefined();
  });
});
