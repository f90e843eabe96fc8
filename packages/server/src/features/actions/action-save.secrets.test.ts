import { describe, expect, it } from 'vitest';
import { PET_STORE_EXAMPLE, type ActionMetadataInput } from '@parley/shared';
import { prepareActionForSave } from './action-save.service';
import { creds, deps, input, refusal } from './action-save.test-helpers';
import { openActionSecrets, publicActionMetadata } from './action-secrets';

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
