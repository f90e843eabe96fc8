import { DEFAULT_OPENID_SCOPE } from '../../../config/social-logins';
import type { ProviderDefinition } from './provider';
import { oidcProfile } from './oidc-profile';

/** Any OpenID Connect provider: OPENID_ISSUER's discovery document, OPENID_SCOPE. */
export const openid: ProviderDefinition = {
  name: 'openid',
  idColumn: 'openid_id',
  server: {
    kind: 'oidc',
    issuer: (credentials) => {
      if (!credentials.issuer) throw new Error('OPENID_ISSUER is not set');
      return credentials.issuer;
    },
  },
  scope: (credentials) => credentials.scope ?? DEFAULT_OPENID_SCOPE,
  profile: oidcProfile,
};
