import { describe, expect, it } from 'vitest';
import { SPEC_ERRORS } from '@parley/shared';
import { prepareActionForSave } from './action-save.service';
import { deps, input, refusal, specAt } from './action-save.test-helpers';

describe('prepareActionForSave', () => {
  it('makes the functions on the server, naming the tools with the domain, and ignores a client domain', async () => {
    const prepared = await prepareActionForSave(input({ domain: 'evil.example.org' }), deps());
    expect(prepared.action.action_id).toBe('act-new');
    expect(prepared.action.metadata.domain).toBe('api.example.com');
    expect(prepared.functions.map((f) => f.name)).toEqual([
      'getItem',
      'createItem',
      'getCell',
      'postForm',
      'getAnswer',
    ]);
    expect(prepared.tools[0]).toEqual({
      type: 'function',
      function: { ...prepared.functions[0], name: 'getItem_action_YXBpLmV4YW' },
    });
    expect(prepared.oauthTokensStale).toBe(false);
  });

  it('needs an assistant id', async () => {
    expect(await refusal(prepareActionForSave(input({}, { assistant_id: undefined }), deps()))).toMatchObject(
      {
        code: 'VALIDATION',
        message: 'An assistant id is required to save an action',
      },
    );
  });

  it('answers the schema’s refusal with its line info', async () => {
    const bad = await refusal(
      prepareActionForSave(input({ raw_spec: 'openapi: 3\npaths:\n  /a: {}\n' }), deps()),
    );
    expect(bad).toEqual({
      code: 'VALIDATION',
      message: SPEC_ERRORS.noServer,
      details: { field: 'raw_spec', errors: [{ message: SPEC_ERRORS.noServer }] },
    });
    const noFunctions = JSON.stringify({
      openapi: '3.0.0',
      servers: [{ url: 'https://api.example.com' }],
      paths: { '/a': {} },
    });
    expect((await refusal(prepareActionForSave(input({ raw_spec: noFunctions }), deps()))).message).toBe(
      'No functions provided',
    );
  });

  it.each([
    [{ type: 'service_http' }, 'Missing authentication fields: api_key'],
    [
      { type: 'service_http', authorization_type: 'custom' },
      'Missing authentication fields: api_key, custom_auth_header',
    ],
    [
      { type: 'oauth' },
      'Missing authentication fields: oauth_client_id, oauth_client_secret, authorization_url, client_url, scope',
    ],
  ] as const)('refuses auth %j without its fields', async (auth, message) => {
    expect(await refusal(prepareActionForSave(input({ auth }), deps()))).toMatchObject({
      code: 'VALIDATION',
      message,
    });
  });

  it('refuses a custom header that is not a header name', async () => {
    const auth = {
      type: 'service_http',
      authorization_type: 'custom',
      custom_auth_header: 'X-Key\r\nHost: a',
    } as const;
    expect((await refusal(prepareActionForSave(input({ auth, api_key: 'k' }), deps()))).message).toBe(
      'Invalid authentication fields: custom_auth_header',
    );
  });

  it.each([
    [
      'a loopback server',
      'http://127.0.0.1:8080',
      'The server 127.0.0.1 is a loopback address, which actions may not reach',
    ],
    [
      'localhost',
      'http://localhost:3080',
      'The server localhost is a loopback address, which actions may not reach',
    ],
    [
      'a metadata service',
      'http://169.254.169.254',
      'The server 169.254.169.254 is a link-local address, which actions may not reach',
    ],
    [
      'a name resolving to a private address',
      'https://intranet.example.com',
      'The server intranet.example.com resolves to a private address, which actions may not reach',
    ],
    [
      'a name with one loopback address among public ones',
      'https://rebind.example.com',
      'The server rebind.example.com resolves to a loopback address, which actions may not reach',
    ],
  ])('refuses %s when saved', async (_, origin, message) => {
    expect(await refusal(prepareActionForSave(input({ raw_spec: specAt(origin) }), deps()))).toEqual({
      code: 'VALIDATION',
      message,
      details: { field: 'raw_spec' },
    });
  });

  it('lets the operator’s ranges through, and a name that does not resolve now', async () => {
    const loopback = await prepareActionForSave(
      input({ raw_spec: specAt('http://127.0.0.1:8080') }),
      deps(['127.0.0.0/8']),
    );
    expect(loopback.action.metadata.domain).toBe('127.0.0.1');
    const intranet = await prepareActionForSave(
      input({ raw_spec: specAt('https://intranet.example.com') }),
      deps(['10.0.0.0/8']),
    );
    expect(intranet.action.metadata.domain).toBe('intranet.example.com');
    const unknown = await prepareActionForSave(
      input({ raw_spec: specAt('https://not-yet.example.net') }),
      deps(),
    );
    expect(unknown.action.metadata.domain).toBe('not-yet.example.net');
  });

  it('refuses an OAuth token URL on a refused address', async () => {
    const metadata = {
      auth: {
        type: 'oauth',
        authorization_url: 'https://auth.example.com/authorize',
        client_url: 'http://10.0.0.5/token',
        scope: 'read',
      },
      oauth_client_id: 'client',
      oauth_client_secret: 'secret',
    } as const;
    expect(await refusal(prepareActionForSave(input(metadata), deps()))).toEqual({
      code: 'VALIDATION',
      message: 'The token URL 10.0.0.5 is a private address, which actions may not reach',
      details: { field: 'client_url' },
    });
  });
});
