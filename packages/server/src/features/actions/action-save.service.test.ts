import { describe, expect, it } from 'vitest';
import {
  actionMetadataSchema,
  PET_STORE_EXAMPLE,
  SPEC_ERRORS,
  type ActionMetadataInput,
} from '@parley/shared';
import { AppError } from '../../lib/app-error';
import { actionAddressCheck } from './action-host-check';
import { prepareActionForSave, type PrepareActionInput } from './action-save.service';
import { openActionSecrets, publicActionMetadata } from './action-secrets';
import { testApiSpec } from './local-api.test-helpers';

const creds = { secrets: { credsKey: 'a1'.repeat(32), credsIv: 'b2'.repeat(16) } };
/** DNS as these tests see it: names to addresses; anything else does not resolve. */
const dns: Record<string, string[]> = {
  'api.example.com': ['93.184.216.34'],
  'auth.example.com': ['93.184.216.35'],
  'intranet.example.com': ['10.1.2.3'],
  'rebind.example.com': ['93.184.216.36', '127.0.0.1'],
};
const resolve = async (host: string) => {
  const found = dns[host];
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found;
};
const deps = (allowedRanges: string[] = []) => ({
  creds,
  addresses: actionAddressCheck(allowedRanges, resolve),
  newId: () => 'act-new',
});
const specAt = (origin: string) => testApiSpec(origin);
const input = (
  metadata: ActionMetadataInput,
  extra: Partial<PrepareActionInput> = {},
): PrepareActionInput => ({
  assistant_id: 'asst-1',
  metadata: actionMetadataSchema.parse({ raw_spec: specAt('https://api.example.com'), ...metadata }),
  ...extra,
});

async function refusal(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; details: unknown }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message, details: error.details };
}

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

describe('action secrets at rest', () => {
  const API_KEY = 'sk-live-PLAINTEXT-4242';
  const CLIENT_SECRET = 'oauth-secret-PLAINTEXT-77';

  it('stores no plaintext secret and answers none to clients', async () => {
    const apiKey = await prepareActionForSave(
      input({ auth: { type: 'service_http', authorization_type: 'bearer' }, api_key: API_KEY }),
      deps(),
    );
    const oauth = await prepareActionForSave(
      input({
        auth: {
          type: 'oauth',
          authorization_url: 'https://auth.example.com/a',
          client_url: 'https://auth.example.com/t',
          scope: 's',
        },
        oauth_client_id: 'client-PLAINTEXT',
        oauth_client_secret: CLIENT_SECRET,
      }),
      deps(),
    );
    const stored = JSON.stringify([apiKey.action, oauth.action]);
    for (const secret of [API_KEY, CLIENT_SECRET, 'client-PLAINTEXT']) expect(stored).not.toContain(secret);
    expect(apiKey.action.metadata.api_key).toMatch(/^v1:/);
    expect(openActionSecrets(creds, 'act-new', apiKey.action.metadata)).toEqual({ api_key: API_KEY });
    expect(openActionSecrets(creds, 'act-new', oauth.action.metadata)).toEqual({
      oauth_client_id: 'client-PLAINTEXT',
      oauth_client_secret: CLIENT_SECRET,
    });
    const shown = publicActionMetadata(oauth.action.metadata);
    expect(Object.keys(shown).sort()).toEqual(['auth', 'domain', 'raw_spec']);
    expect(JSON.stringify(publicActionMetadata(apiKey.action.metadata))).not.toContain('v1:');
  });

  it('binds each secret to its action: copied into another action it does not open', async () => {
    const saved = await prepareActionForSave(
      input({ auth: { type: 'service_http', authorization_type: 'bearer' }, api_key: API_KEY }),
      deps(),
    );
    expect(() => openActionSecrets(creds, 'act-other', saved.action.metadata)).toThrow(
      'The api_key of action act-other could not be decrypted (were CREDS_KEY or CREDS_IV changed?)',
    );
  });

  it('keeps a stored secret an update leaves out, and drops secrets a new auth kind does not use', async () => {
    const first = await prepareActionForSave(
      input({
        auth: { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Key' },
        api_key: API_KEY,
      }),
      deps(),
    );
    const previous = first.action;
    const kept = await prepareActionForSave(
      input(
        { auth: { type: 'service_http', authorization_type: 'bearer' } },
        { action_id: 'act-new', previous },
      ),
      deps(),
    );
    expect(openActionSecrets(creds, 'act-new', kept.action.metadata)).toEqual({ api_key: API_KEY });
    expect(kept.action.metadata.auth.authorization_type).toBe('bearer');
    // No auth in the body: the stored auth stays as it was.
    const untouched = await prepareActionForSave(input({}, { action_id: 'act-new', previous }), deps());
    expect(untouched.action.metadata.auth).toEqual(previous.metadata.auth);
    const none = await prepareActionForSave(
      input({ auth: { type: 'none' } }, { action_id: 'act-new', previous }),
      deps(),
    );
    expect(none.action.metadata.api_key).toBeUndefined();
    // Switching kind needs the new kind's secrets: the old key does not count.
    expect(
      (
        await refusal(
          prepareActionForSave(
            input({ auth: { type: 'oauth' } }, { action_id: 'act-new', previous }),
            deps(),
          ),
        )
      ).message,
    ).toBe(
      'Missing authentication fields: oauth_client_id, oauth_client_secret, authorization_url, client_url, scope',
    );
  });

  it('says when stored OAuth tokens no longer fit the action', async () => {
    const oauthMetadata = (client_url: string, id = 'client') => ({
      auth: {
        type: 'oauth' as const,
        authorization_url: 'https://auth.example.com/a',
        client_url,
        scope: 's',
      },
      oauth_client_id: id,
      oauth_client_secret: 'secret',
    });
    const first = await prepareActionForSave(input(oauthMetadata('https://auth.example.com/t')), deps());
    const again = (metadata: ActionMetadataInput) =>
      prepareActionForSave(input(metadata, { action_id: 'act-new', previous: first.action }), deps());
    expect((await again({ privacy_policy_url: 'https://api.example.com/privacy' })).oauthTokensStale).toBe(
      false,
    );
    expect((await again(oauthMetadata('https://auth.example.com/t'))).oauthTokensStale).toBe(false);
    expect((await again(oauthMetadata('https://auth.example.com/t2'))).oauthTokensStale).toBe(true);
    expect((await again(oauthMetadata('https://auth.example.com/t', 'other-client'))).oauthTokensStale).toBe(
      true,
    );
    expect((await again({ auth: { type: 'none' } })).oauthTokensStale).toBe(true);
    expect((await again({ raw_spec: PET_STORE_EXAMPLE })).oauthTokensStale).toBe(true);
  });
});
