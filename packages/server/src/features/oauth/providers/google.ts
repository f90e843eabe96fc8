import type { ProviderDefinition } from './provider';
import { oidcProfile } from './oidc-profile';

/** Google: OpenID Connect, endpoints from its discovery document. */
export const google: ProviderDefinition = {
  name: 'google',
  idColumn: 'google_id',
  server: { kind: 'oidc', issuer: () => 'https://accounts.google.com' },
  scope: () => 'openid profile email',
  profile: oidcProfile,
};
