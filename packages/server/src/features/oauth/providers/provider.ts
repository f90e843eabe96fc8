import type { SocialProvider } from '@parley/shared';
import type * as OpenIdClientModule from 'openid-client';
import type { Configuration, TokenEndpointResponse, TokenEndpointResponseHelpers } from 'openid-client';
import type { SocialCredentials } from '../../../config/config.types';
import type { UsersTable } from '../../users/users.table';

/** openid-client's module, loaded on the first social sign-in (oauth-client.ts). */
export type OpenIdClient = typeof OpenIdClientModule;

/** The users column that holds a provider's own id of the user. */
export type ProviderIdColumn = keyof Pick<
  UsersTable,
  'github_id' | 'google_id' | 'discord_id' | 'facebook_id' | 'openid_id'
>;

/** Who the provider says the user is, in Parley's terms. */
export interface SocialProfile {
  /** The provider's stable id of the user (a string, whatever type the provider answers). */
  id: string;
  email: string | null;
  /** Whether the provider vouches that the user owns `email`: only then is it linked or stored. */
  emailVerified: boolean;
  name: string;
  /** An absolute picture URL, or null. */
  avatar: string | null;
}

/** What a provider's profile reader gets once the code was exchanged. */
export interface ProfileContext {
  oidc: OpenIdClient;
  config: Configuration;
  tokens: TokenEndpointResponse & TokenEndpointResponseHelpers;
  /** The provider's API base URL (plain OAuth 2 providers). */
  api: string;
}

/** Where a provider's endpoints come from: its OpenID Connect discovery document, or fixed addresses. */
export type ProviderServer =
  | { kind: 'oidc'; issuer: (credentials: SocialCredentials) => string }
  | {
      kind: 'oauth2';
      /** An identifier for the server metadata; plain OAuth 2 providers have no issuer of their own. */
      issuer: string;
      authorization: string;
      token: string;
      api: string;
    };

/** Everything that differs between providers; one of these per provider, in providers/*.ts. */
export interface ProviderDefinition {
  name: SocialProvider;
  idColumn: ProviderIdColumn;
  server: ProviderServer;
  scope: (credentials: SocialCredentials) => string;
  profile: (context: ProfileContext) => Promise<SocialProfile>;
}

/** A provider API answered something other than the JSON expected. */
export class ProfileError extends Error {}

/** GET a JSON resource of the provider's API with the user's access token. */
export async function fetchJson(context: ProfileContext, url: string): Promise<unknown> {
  const response = await context.oidc.fetchProtectedResource(
    context.config,
    context.tokens.access_token,
    new URL(url),
    'GET',
    undefined,
    // GitHub refuses API calls without a User-Agent.
    new Headers({ accept: 'application/json', 'user-agent': 'Parley' }),
  );
  if (!response.ok) throw new ProfileError(`${url} answered ${response.status}`);
  return response.json();
}

export const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** A provider id as text: GitHub's are numbers, the others strings. */
export function idOf(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  const id = str(value);
  if (!id) throw new ProfileError('The provider answered no user id');
  return id;
}

/** E-mails are stored lower-cased (as the sign-up schema does), so they match the password accounts' ones. */
export const normalizeEmail = (value: unknown): string | null => str(value)?.toLowerCase() ?? null;
