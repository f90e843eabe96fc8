import { describe, expect, it } from 'vitest';
import { transportOptions } from '../features/email/mailer';
import { ConfigError } from './config-error';
import { readMailEnv } from './mail-settings';

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
