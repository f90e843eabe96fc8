import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { readAuthEnv } from './env-settings';
import { readSocialCredentials } from './social-logins';

// The social sign-in settings (docs/reference/accounts.md (Social sign-in)), with LibreChat's variable names.

const SERVER = 'https://chat.example.com';
const github = { GITHUB_CLIENT_ID: 'gh-id', GITHUB_CLIENT_SECRET: 'gh-secret' };
const openid = {
  OPENID_CLIENT_ID: 'o-id',
  OPENID_CLIENT_SECRET: 'o-secret',
  OPENID_ISSUER: 'https://id.example.com/realms/main/',
};

describe('social sign-in settings', () => {
  it('give each provider its callback on DOMAIN_SERVER, or the *_CALLBACK_URL path or address', () => {
    const read = readSocialCredentials(
      {
        ...github,
        ...openid,
        DISCORD_CLIENT_ID: 'd',
        DISCORD_CLIENT_SECRET: 's',
        DISCORD_CALLBACK_URL: '/oauth/discord/callback',
        OPENID_CALLBACK_URL: 'https://auth.example.com/oauth/openid/callback',
      },
      true,
      SERVER,
    );
    expect(read.github?.callbackUrl).toBe(`${SERVER}/oauth/github/callback`);
    expect(read.discord?.callbackUrl).toBe(`${SERVER}/oauth/discord/callback`);
    expect(read.openid?.callbackUrl).toBe('https://auth.example.com/oauth/openid/callback');
  });

  it('read OPENID_SCOPE (default "openid profile email") and the issuer without its trailing slash', () => {
    const plain = readSocialCredentials(openid, true, SERVER).openid;
    expect(plain).toMatchObject({
      issuer: 'https://id.example.com/realms/main',
      scope: 'openid profile email',
    });
    const scoped = readSocialCredentials({ ...openid, OPENID_SCOPE: 'openid email groups' }, true, SERVER);
    expect(scoped.openid?.scope).toBe('openid email groups');
  });

  it('let the operator replace a plain OAuth 2 provider’s addresses, and only those set', () => {
    const none = readSocialCredentials(github, true, SERVER).github;
    expect(none?.endpoints).toBeUndefined();
    const enterprise = readSocialCredentials(
      {
        ...github,
        GITHUB_AUTH_URL: 'https://git.example.com/login/oauth/authorize',
        GITHUB_API_URL: 'https://git.example.com/api/v3/',
      },
      true,
      SERVER,
    ).github;
    expect(enterprise?.endpoints).toEqual({
      authorization: 'https://git.example.com/login/oauth/authorize',
      api: 'https://git.example.com/api/v3',
    });
  });

  it('refuse an address that is not http(s)', () => {
    expect(() => readSocialCredentials({ ...github, GITHUB_TOKEN_URL: 'ftp://x' }, true, SERVER)).toThrow(
      ConfigError,
    );
    expect(() => readSocialCredentials({ ...openid, OPENID_ISSUER: 'id.example.com' }, true, SERVER)).toThrow(
      /OPENID_ISSUER/,
    );
  });

  it('keep social registration off unless ALLOW_SOCIAL_REGISTRATION=true, as LibreChat does', () => {
    expect(readAuthEnv({}).allowSocialRegistration).toBe(false);
    expect(readAuthEnv({ ALLOW_SOCIAL_REGISTRATION: 'true' }).allowSocialRegistration).toBe(true);
    expect(() => readAuthEnv({ ALLOW_SOCIAL_REGISTRATION: 'yes' })).toThrow(/ALLOW_SOCIAL_REGISTRATION/);
  });
});
