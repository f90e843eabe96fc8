import type { SocialProvider } from '@parley/shared';
import type { SocialCredentials } from './config.types';
import { envString, type Env } from './env-reader';

/** LibreChat's default `registration.socialLogins`, in its display order. */
export const DEFAULT_SOCIAL_LOGINS: SocialProvider[] = ['github', 'google', 'discord', 'openid', 'facebook'];

const PREFIX: Record<SocialProvider, string> = {
  discord: 'DISCORD',
  facebook: 'FACEBOOK',
  github: 'GITHUB',
  google: 'GOOGLE',
  openid: 'OPENID',
};

/**
 * A provider is usable when social login is allowed and its credentials are all set. Providers are not
 * filtered by the YAML list here: the login page shows the intersection, as LibreChat's does.
 */
export function readSocialCredentials(
  env: Env,
  allowSocialLogin: boolean,
): Partial<Record<SocialProvider, SocialCredentials>> {
  if (!allowSocialLogin) return {};
  const out: Partial<Record<SocialProvider, SocialCredentials>> = {};
  const issuer = envString(env, 'OPENID_ISSUER');
  for (const [provider, prefix] of Object.entries(PREFIX) as [SocialProvider, string][]) {
    const clientId = envString(env, `${prefix}_CLIENT_ID`);
    const clientSecret = envString(env, `${prefix}_CLIENT_SECRET`);
    if (!clientId || !clientSecret) continue;
    if (provider === 'openid') {
      if (issuer) out.openid = { clientId, clientSecret, issuer };
    } else out[provider] = { clientId, clientSecret };
  }
  return out;
}
