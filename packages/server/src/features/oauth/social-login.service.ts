import { INVITE_CODE_PATTERN } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import type { SocialCredentials } from '../../config/config.types';
import type { UserRow } from '../users/users.table';
import { ATTEMPT_TTL_SECONDS, type SignInAttempt } from './attempt-cookie';
import type { ProviderClient, ProviderClients } from './oauth-client';
import { providerNamed } from './providers';
import type { ProviderDefinition } from './providers/provider';
import type { SignUpOrigin } from '../auth/signup-origin';
import { accountForProfile } from './social-account.service';
import { SocialLoginFailure } from './social-login-failure';

interface Enabled {
  provider: ProviderDefinition;
  credentials: SocialCredentials;
  callbackUrl: string;
}

/** The provider named in the path, when social login is on and it is configured. */
function enabledProvider(deps: AppDeps, name: string): Enabled {
  const provider = providerNamed(name);
  const { auth, domainServer } = deps.config;
  const credentials = provider && auth.allowSocialLogin ? auth.socialProviders[provider.name] : undefined;
  if (!provider || !credentials) {
    throw new SocialLoginFailure('unavailable', `Social login "${name}" is not configured`);
  }
  return {
    provider,
    credentials,
    callbackUrl: credentials.callbackUrl ?? `${domainServer}/oauth/${provider.name}/callback`,
  };
}

async function clientOf(clients: ProviderClients, enabled: Enabled): Promise<ProviderClient> {
  try {
    return await clients.get(enabled.provider, enabled.credentials);
  } catch (error) {
    throw new SocialLoginFailure(
      'failed',
      `The provider's configuration could not be read: ${reason(error)}`,
    );
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Begins a sign-in: a fresh state, PKCE verifier (S256) and, for OpenID Connect, nonce, which the browser keeps in
 * the attempt cookie; answers the provider's authorization URL.
 */
export async function startSocialLogin(
  deps: AppDeps,
  clients: ProviderClients,
  name: string,
  inviteCode: string | undefined,
): Promise<{ location: string; attempt: SignInAttempt }> {
  const enabled = enabledProvider(deps, name);
  const { oidc, config } = await clientOf(clients, enabled);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const attempt: SignInAttempt = {
    provider: enabled.provider.name,
    state: oidc.randomState(),
    codeVerifier,
    expiresAt: Date.now() + ATTEMPT_TTL_SECONDS * 1000,
  };
  if (enabled.provider.server.kind === 'oidc') attempt.nonce = oidc.randomNonce();
  // A malformed code is dropped rather than refused: the sign-in itself is still fine.
  if (inviteCode && INVITE_CODE_PATTERN.test(inviteCode)) attempt.inviteCode = inviteCode;
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: enabled.callbackUrl,
    scope: enabled.provider.scope(enabled.credentials),
    response_type: 'code',
    state: attempt.state,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(attempt.nonce ? { nonce: attempt.nonce } : {}),
  });
  return { location: url.href, attempt };
}

/**
 * Ends a sign-in at the callback: the attempt cookie must be there and match the provider and the state; then the
 * code is exchanged (with the PKCE verifier; the ID token checked against the nonce), the profile read, and the
 * account found, linked or created.
 */
export async function finishSocialLogin(
  deps: AppDeps,
  clients: ProviderClients,
  name: string,
  query: URLSearchParams,
  attempt: SignInAttempt | null,
  origin: SignUpOrigin,
): Promise<UserRow> {
  const enabled = enabledProvider(deps, name);
  const error = query.get('error');
  if (error) {
    throw new SocialLoginFailure(
      error === 'access_denied' ? 'cancelled' : 'failed',
      `The provider answered error=${error}`,
    );
  }
  if (!attempt || attempt.provider !== enabled.provider.name) {
    throw new SocialLoginFailure('expired', 'No sign-in attempt of this provider in this browser');
  }
  if (query.get('state') !== attempt.state) {
    throw new SocialLoginFailure('expired', 'The state does not match the attempt');
  }
  const client = await clientOf(clients, enabled);
  const { oidc, config } = client;
  const currentUrl = new URL(enabled.callbackUrl);
  currentUrl.search = query.toString();
  const isOidc = enabled.provider.server.kind === 'oidc';
  let tokens;
  try {
    tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      expectedState: attempt.state,
      pkceCodeVerifier: attempt.codeVerifier,
      ...(isOidc ? { expectedNonce: attempt.nonce, idTokenExpected: true } : {}),
    });
  } catch (cause) {
    throw new SocialLoginFailure('failed', `The code exchange failed: ${reason(cause)}`);
  }
  let profile;
  try {
    profile = await enabled.provider.profile({ ...client, tokens });
  } catch (cause) {
    throw new SocialLoginFailure('failed', `The profile could not be read: ${reason(cause)}`);
  }
  return accountForProfile(deps, enabled.provider, profile, { inviteCode: attempt.inviteCode, origin });
}
