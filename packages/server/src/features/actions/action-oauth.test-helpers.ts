import { actionAuthSchema, type ActionTokenExchangeMethod } from '@parley/shared';
import type { Db } from '../../db/database';
import { createActionOAuth, type OAuthAction } from './action-oauth.service';
import { testApiSpec, loopbackAllowedFetch } from './local-api.test-helpers';
import { CLIENT_ID, CLIENT_SECRET, type LocalProvider } from './local-oauth-provider.test-helpers';

export const creds = { secrets: { credsKey: 'c3'.repeat(32), credsIv: 'd4'.repeat(16) } };
export const SERVER_ORIGIN = 'https://parley.example.com';

/** An OAuth action whose API is at `apiOrigin` and whose provider is `provider`, with its opened secrets. */
export function oauthAction(
  provider: LocalProvider,
  apiOrigin: string,
  method: ActionTokenExchangeMethod,
  actionId = 'act-oauth',
): OAuthAction {
  return {
    action: {
      action_id: actionId,
      metadata: {
        raw_spec: testApiSpec(apiOrigin),
        domain: '127.0.0.1',
        auth: actionAuthSchema.parse({
          type: 'oauth',
          authorization_url: `${provider.origin}/authorize`,
          client_url: `${provider.origin}/token`,
          scope: 'read write',
          token_exchange_method: method,
        }),
      },
    },
    secrets: { oauth_client_id: CLIENT_ID, oauth_client_secret: CLIENT_SECRET },
  };
}

/** The OAuth service on `db`, its clock in the test's hands. */
export function oauthService(db: Db, clock: { now: number }, guardedFetch = loopbackAllowedFetch()) {
  return createActionOAuth({ db, creds, guardedFetch, serverOrigin: SERVER_ORIGIN, now: () => clock.now });
}

/** What the user's browser does: opens the consent URL and follows the provider's redirect back (not fetched). */
export async function consent(url: string): Promise<{ code: string; state: string; callback: URL }> {
  const res = await fetch(url, { redirect: 'manual' });
  const back = new URL(res.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, callback: back };
}
