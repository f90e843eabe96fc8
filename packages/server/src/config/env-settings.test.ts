import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Env } from './env-reader';
import { loadConfig } from './load-config';
import { expectConfigError, removeTempDirs, tempDir } from './temp-config.test-helpers';

afterEach(removeTempDirs);

function load(env: Env = {}) {
  const cwd = tempDir();
  return { cwd, ...loadConfig({ env, cwd }) };
}

describe('environment', () => {
  it('has LibreChat-like defaults', () => {
    const { config, cwd } = load();
    expect(config).toMatchObject({
      nodeEnv: 'development',
      host: 'localhost',
      port: 3080,
      domainClient: 'http://localhost:3080',
      domainServer: 'http://localhost:3080',
      dataDir: join(cwd, 'data'),
      databaseUrl: join(cwd, 'data', 'parley.db'),
      redisUrl: null,
      logLevel: 'info',
      trustProxy: false,
      auth: { allowRegistration: true, allowEmailLogin: true, allowSocialLogin: false, secureCookies: false },
      rateLimits: {
        loginMax: 7,
        loginWindowMinutes: 5,
        loginAccountMax: 100,
        loginAccountWindowMinutes: 60,
        registerMax: 5,
        registerWindowMinutes: 60,
      },
      app: {
        appTitle: 'Parley',
        customFooter: null,
        showBirthdayIcon: false,
        checkBalance: false,
        searchEnabled: true,
        titleConvo: true,
        emailEnabled: false,
        sharedLinksEnabled: true,
        publicSharedLinksEnabled: true,
      },
    });
  });

  it('reads the variables it is given', () => {
    const { config, cwd } = load({
      PORT: '8080',
      DOMAIN_SERVER: 'https://chat.example.com/',
      DATA_DIR: 'var',
      DATABASE_URL: 'postgres://u:p@db:5432/parley',
      REDIS_URL: 'redis://cache:6379',
      ALLOW_REGISTRATION: 'FALSE',
      SEARCH: 'false',
      APP_TITLE: 'Acme Chat',
      LOGIN_MAX: '0',
      LOGIN_ACCOUNT_MAX: '20',
      LOGIN_ACCOUNT_WINDOW: '1440',
      ALLOW_SHARED_LINKS: 'false',
      ALLOW_SHARED_LINKS_PUBLIC: 'false',
    });
    expect(config.port).toBe(8080);
    expect(config.domainClient).toBe('http://localhost:8080');
    expect(config.domainServer).toBe('https://chat.example.com');
    expect(config.auth.secureCookies).toBe(true);
    expect(config.dataDir).toBe(join(cwd, 'var'));
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/parley');
    expect(config.redisUrl).toBe('redis://cache:6379');
    expect(config.auth.allowRegistration).toBe(false);
    expect(config.app.searchEnabled).toBe(false);
    expect(config.app.appTitle).toBe('Acme Chat');
    expect(config.app.sharedLinksEnabled).toBe(false);
    expect(config.app.publicSharedLinksEnabled).toBe(false);
    expect(config.rateLimits.loginMax).toBe(0);
    expect(config.rateLimits.loginAccountMax).toBe(20);
    expect(config.rateLimits.loginAccountWindowMinutes).toBe(1440);
  });

  it('resolves a relative SQLite DATABASE_URL against the working directory', () => {
    const { config, cwd } = load({ DATABASE_URL: 'db/chat.db' });
    expect(config.databaseUrl).toBe(join(cwd, 'db/chat.db'));
  });

  it('turns e-mail on only when a mailer, user, password and sender are all set', () => {
    const mail = {
      EMAIL_HOST: 'smtp.example.com',
      EMAIL_USERNAME: 'u',
      EMAIL_PASSWORD: 'p',
      EMAIL_FROM: 'a@b.c',
    };
    expect(load(mail).config.app.emailEnabled).toBe(true);
    expect(load({ ...mail, EMAIL_HOST: undefined, EMAIL_SERVICE: 'gmail' }).config.app.emailEnabled).toBe(
      true,
    );
    expect(load({ ...mail, EMAIL_FROM: '' }).config.app.emailEnabled).toBe(false);
  });

  it('hands reset links out only with PASSWORD_RESET_LINK_IN_RESPONSE=true, never by NODE_ENV, and says so', () => {
    const warning = (notices: string[]) =>
      notices.filter((n) => n.startsWith('PASSWORD_RESET_LINK_IN_RESPONSE'));
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const off = load({ NODE_ENV });
      expect(off.config.auth.passwordResetLinkInResponse).toBe(false);
      expect(warning(off.notices)).toEqual([]);
    }
    const on = load({ PASSWORD_RESET_LINK_IN_RESPONSE: 'true' });
    expect(on.config.auth.passwordResetLinkInResponse).toBe(true);
    expect(warning(on.notices)).toEqual([
      'PASSWORD_RESET_LINK_IN_RESPONSE=true: a password reset request answers the reset link, so anyone who can ' +
        'reach this server can take over any account whose e-mail they know. Use it only for a trial on your machine.',
    ]);
    const error = expectConfigError(
      () => load({ PASSWORD_RESET_LINK_IN_RESPONSE: 'true', NODE_ENV: 'production' }),
      'PASSWORD_RESET_LINK_IN_RESPONSE',
    );
    expect(error.message).toBe(
      'PASSWORD_RESET_LINK_IN_RESPONSE=true hands anyone a reset link for any account; it is refused in production',
    );
    expect(
      load({ PASSWORD_RESET_LINK_IN_RESPONSE: 'false', NODE_ENV: 'production' }).config.auth,
    ).toMatchObject({
      passwordResetLinkInResponse: false,
    });
  });

  it('enables a social provider only when allowed and fully configured', () => {
    const creds = {
      GITHUB_CLIENT_ID: 'g',
      GITHUB_CLIENT_SECRET: 's',
      GOOGLE_CLIENT_ID: 'g',
      OPENID_CLIENT_ID: 'o',
      OPENID_CLIENT_SECRET: 's',
    };
    expect(load(creds).config.auth.socialProviders).toEqual({});
    const on = load({ ...creds, ALLOW_SOCIAL_LOGIN: 'true' }).config.auth.socialProviders;
    expect(Object.keys(on ?? {})).toEqual(['github']);
    const withIssuer = load({
      ...creds,
      ALLOW_SOCIAL_LOGIN: 'true',
      OPENID_ISSUER: 'https://id.example.com',
    });
    expect(Object.keys(withIssuer.config.auth.socialProviders ?? {}).sort()).toEqual(['github', 'openid']);
  });

  it.each([
    ['ALLOW_REGISTRATION'],
    ['CHECK_BALANCE'],
    ['SEARCH'],
    ['TITLE_CONVO'],
    ['PASSWORD_RESET_LINK_IN_RESPONSE'],
  ])('refuses a %s that is not true or false', (name) => {
    const error = expectConfigError(() => load({ [name]: 'yes' }), name);
    expect(error.message).toContain('true or false');
  });

  it('refuses a negative LOGIN_MAX', () => {
    const error = expectConfigError(() => load({ LOGIN_MAX: '-1' }), 'LOGIN_MAX');
    expect(error.message).toContain('at least 0');
  });

  it.each([
    ['REGISTER_MAX', '-3'],
    ['LOGIN_WINDOW', '0'],
    ['REGISTER_WINDOW', 'ten'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['DOMAIN_SERVER', 'chat.example.com'],
    ['DOMAIN_CLIENT', 'ftp://x'],
    ['REDIS_URL', 'localhost:6379'],
    ['DATABASE_URL', 'mysql://db/parley'],
  ])('refuses %s=%s', (name, value) => {
    expectConfigError(() => load({ [name]: value }), name);
  });
});
