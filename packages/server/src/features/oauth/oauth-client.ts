import type { Configuration } from 'openid-client';
import type { SocialCredentials } from '../../config/config.types';
import type { OpenIdClient, ProviderDefinition } from './providers/provider';

let loading: Promise<OpenIdClient> | undefined;

/**
 * openid-client, imported on the first social sign-in: most servers never use it, and the compiled server's start
 * test checks it is not loaded at start.
 */
export function loadOpenIdClient(): Promise<OpenIdClient> {
  loading ??= import('openid-client');
  return loading;
}

/** A provider's client configuration and the API base its profile reader calls. */
export interface ProviderClient {
  oidc: OpenIdClient;
  config: Configuration;
  api: string;
}

/**
 * Makes (and remembers, per app) each provider's client configuration. An OpenID Connect provider's comes from its
 * discovery document, fetched once; a failed discovery is forgotten, so the next sign-in tries again.
 */
export function createProviderClients() {
  const made = new Map<string, Promise<ProviderClient>>();
  return {
    get(provider: ProviderDefinition, credentials: SocialCredentials): Promise<ProviderClient> {
      let client = made.get(provider.name);
      if (!client) {
        client = makeClient(provider, credentials);
        made.set(provider.name, client);
        client.catch(() => made.delete(provider.name));
      }
      return client;
    },
  };
}
export type ProviderClients = ReturnType<typeof createProviderClients>;

async function makeClient(
  provider: ProviderDefinition,
  credentials: SocialCredentials,
): Promise<ProviderClient> {
  const oidc = await loadOpenIdClient();
  const { server } = provider;
  // http:// is refused by openid-client unless allowed; an operator who writes an http:// address (a local
  // provider, a test) has chosen it.
  const insecure = (url: string) => url.startsWith('http://');
  if (server.kind === 'oidc') {
    const issuer = server.issuer(credentials);
    const config = await oidc.discovery(
      new URL(issuer),
      credentials.clientId,
      credentials.clientSecret,
      undefined,
      insecure(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    return { oidc, config, api: '' };
  }
  const endpoints = {
    authorization: credentials.endpoints?.authorization ?? server.authorization,
    token: credentials.endpoints?.token ?? server.token,
    api: credentials.endpoints?.api ?? server.api,
  };
  const config = new oidc.Configuration(
    {
      issuer: server.issuer,
      authorization_endpoint: endpoints.authorization,
      token_endpoint: endpoints.token,
    },
    credentials.clientId,
    credentials.clientSecret,
  );
  if (Object.values(endpoints).some(insecure)) oidc.allowInsecureRequests(config);
  return { oidc, config, api: endpoints.api };
}
