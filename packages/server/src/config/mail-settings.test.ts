import { describe, expect, it } from 'vitest';
import { transportOptions } from '../features/email/mailer';
import { ConfigError } from './config-error';
import { mailNotice, readMailEnv } from './mail-settings';

const minimal = {
  EMAIL_HOST: 'smtp.example.com',
  EMAIL_USERNAME: 'mailer',
  EMAIL_PASSWORD: 'secret',
  EMAIL_FROM: 'noreply@example.com',
};

describe('EMAIL_* settings (docs/reference/accounts.md (E-mail settings))', () => {
  it('are off unless a service or host, the login and the sender are all set', () => {
    expect(readMailEnv({})).toBeNull();
    for (const name of Object.keys(minimal)) {
      expect(readMailEnv({ ...minimal, [name]: '' })).toBeNull();
    }
  });

  it('default to port 25, no forced encryption, certificates checked, the app title as sender name', () => {
    const mail = readMailEnv(minimal)!;
    expect(mail).toEqual({
      service: null,
      host: 'smtp.example.com',
      port: 25,
      encryption: 'none',
      encryptionHostname: null,
      allowSelfSigned: false,
      username: 'mailer',
      password: 'secret',
      from: 'noreply@example.com',
      fromName: null,
    });
    expect(transportOptions(mail)).toEqual({
      host: 'smtp.example.com',
      port: 25,
      secure: false,
      requireTLS: false,
      tls: { rejectUnauthorized: true },
      auth: { user: 'mailer', pass: 'secret' },
    });
  });

  it('map tls, starttls, the certificate name and self-signed certificates to the transport', () => {
    const tls = readMailEnv({
      ...minimal,
      EMAIL_PORT: '465',
      EMAIL_ENCRYPTION: 'tls',
      EMAIL_ENCRYPTION_HOSTNAME: 'mail.example.com',
      EMAIL_ALLOW_SELFSIGNED: 'true',
    })!;
    expect(transportOptions(tls)).toMatchObject({
      port: 465,
      secure: true,
      requireTLS: false,
      tls: { servername: 'mail.example.com', rejectUnauthorized: false },
    });
    const starttls = readMailEnv({ ...minimal, EMAIL_ENCRYPTION: 'starttls' })!;
    expect(transportOptions(starttls)).toMatchObject({ secure: false, requireTLS: true });
  });

  it('a service name wins over host and port', () => {
    const mail = readMailEnv({ ...minimal, EMAIL_SERVICE: 'QQex', EMAIL_PORT: '587' })!;
    const options = transportOptions(mail);
    expect(options).toMatchObject({ service: 'QQex' });
    expect(options).not.toHaveProperty('host');
    expect(options).not.toHaveProperty('port');
  });

  it('refuse an unknown encryption or a bad port at start, naming the variable', () => {
    expect(() => readMailEnv({ ...minimal, EMAIL_ENCRYPTION: 'ssl' })).toThrow(ConfigError);
    expect(() => readMailEnv({ ...minimal, EMAIL_ENCRYPTION: 'ssl' })).toThrow(
      /EMAIL_ENCRYPTION must be one of/,
    );
    expect(() => readMailEnv({ ...minimal, EMAIL_PORT: '70000' })).toThrow(
      /EMAIL_PORT must be at most 65535/,
    );
  });
});

// docs/reference/accounts.md (Forgot and reset password)
describe('the start notice when e-mail is off', () => {
  it('names what a half-done setting misses, in any environment', () => {
    expect(mailNotice({ EMAIL_HOST: 'smtp.example.com', EMAIL_USERNAME: 'mailer' }, 'development')).toBe(
      'E-mail is off because EMAIL_PASSWORD, EMAIL_FROM are not set; no activation or password reset mail is ' +
        "sent: the forgot-password page tells users to ask the site's administrator, and each reset link is " +
        'written to this log.',
    );
    expect(mailNotice({ ...minimal, EMAIL_HOST: '' }, 'production')).toMatch(
      /^E-mail is off because EMAIL_SERVICE or EMAIL_HOST is not set; /,
    );
  });

  it('says in production that no mail goes out, and nothing when e-mail is on or off on purpose elsewhere', () => {
    expect(mailNotice({}, 'production')).toMatch(
      /^E-mail is off \(no EMAIL_\* settings\); .* ask the site's administrator, and each reset link is written to this log\.$/,
    );
    expect(mailNotice({}, 'development')).toBeNull();
    expect(mailNotice(minimal, 'production')).toBeNull();
  });
});
