import type { SocialProvider } from '@parley/shared';
import type { SocialCredentials } from './config.types';
import { ConfigError } from './config-error';
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

/** Providers reached through fixed OAuth 2 addresses, which the operator may replace (docs/reference/accounts.md (Social sign-in)). */
const PLAIN_OAUTH2: ReadonlySet<SocialProvider> = new Set(['github', 'discord', 'facebook']);

export const DEFAULT_OPENID_SCOPE = 'openid profile email';

/**
 * A provider is usable when social login is allowed and its credentials are all set. Providers are not
 * filtered by the YAML list here: the login page shows the intersection, as LibreChat's does.
 */
export function readSocialCredentials(
  env: Env,
  allowSocialLogin: boolean,
  domainServer: string,
): Partial<Record<SocialProvider, SocialCredentials>> {
  if (!allowSocialLogin) return {};
  const out: Partial<Record<SocialProvider, SocialCredentials>> = {};
  const issuer = optionalUrl(env, 'OPENID_ISSUER');
  for (const [provider, prefix] of Object.entries(PREFIX) as [SocialProvider, string][]) {
    const clientId = envString(env, `${prefix}_CLIENT_ID`);
    const clientSecret = envString(env, `${prefix}_CLIENT_SECRET`);
    if (!clientId || !clientSecret) continue;
    if (provider === 'openid' && !issuer) continue;
    const credentials: SocialCredentials = {
      clientId,
      clientSecret,
      callbackUrl: callbackUrl(env, `${prefix}_CALLBACK_URL`, domainServer, provider),
    };
    if (provider === 'openid') {
      credentials.issuer = issuer;
      credentials.scope = envString(env, 'OPENID_SCOPE') ?? DEFAULT_OPENID_SCOPE;
    }
    if (PLAIN_OAUTH2.has(provider)) {
      const endpoints = {
        authorization: optionalUrl(env, `${prefix}_AUTH_URL`),
        token: optionalUrl(env, `${prefix}_TOKEN_URL`),
        api: optionalUrl(env, `${prefix}_API_URL`),
      };
      const set = Object.entries(endpoints).filter(([, v]) => v !== undefined);
      if (set.length > 0) credentials.endpoints = Object.fromEntries(set);
    }
    out[provider] = credentials;
  }
  return out;
}

/**
 * LibreChat writes callbacks as paths (`GITHUB_CALLBACK_URL=/oauth/github/callback`) joined to DOMAIN_SERVER; an
 * absolute URL is taken as it is.
 */
function callbackUrl(env: Env, name: string, domainServer: string, provider: SocialProvider): string {
  const value = envString(env, name) ?? `/oauth/${provider}/callback`;
  if (value.startsWith('/')) return `${domainServer}${value}`;
  return checkedUrl(name, value);
}

function optionalUrl(env: Env, name: string): string | undefined {
  const value = envString(env, name);
  return value === undefined ? undefined : checkedUrl(name, value).replace(/\/+$/, '');
}

function checkedUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `${name} must be an absolute http(s) URL or a path, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `${name} must start with http:// or https://, got "${value}"`);
  }
  return value;
}
