import { envBool, envEnum, envInt, envString, type Env } from './env-reader';

/**
 * SMTP for activation and reset mails, read from the EMAIL_* variables
 * (docs/reference/accounts.md (E-mail settings)). Null unless a service or host, a user name, a password and a
 * sender are all set: e-mail is then off.
 */
export interface MailSettings {
  /** A nodemailer well-known service name (gmail, QQex, 163, …); wins over host and port. */
  service: string | null;
  host: string | null;
  port: number;
  /** `tls`: TLS from the first byte (port 465); `starttls`: upgrade required; `none`: whatever the server offers. */
  encryption: 'tls' | 'starttls' | 'none';
  /** The name the certificate is checked against when it differs from the host. */
  encryptionHostname: string | null;
  allowSelfSigned: boolean;
  username: string;
  password: string;
  from: string;
  fromName: string | null;
}

export function readMailEnv(env: Env): MailSettings | null {
  const service = envString(env, 'EMAIL_SERVICE') ?? null;
  const host = envString(env, 'EMAIL_HOST') ?? null;
  const username = envString(env, 'EMAIL_USERNAME');
  const password = envString(env, 'EMAIL_PASSWORD');
  const from = envString(env, 'EMAIL_FROM');
  if (!(service || host) || !username || !password || !from) return null;
  return {
    service,
    host,
    port: envInt(env, 'EMAIL_PORT', 25, { min: 1, max: 65535 }),
    encryption: envEnum(env, 'EMAIL_ENCRYPTION', ['tls', 'starttls', 'none'] as const, 'none'),
    encryptionHostname: envString(env, 'EMAIL_ENCRYPTION_HOSTNAME') ?? null,
    allowSelfSigned: envBool(env, 'EMAIL_ALLOW_SELFSIGNED', false),
    username,
    password,
    from,
    fromName: envString(env, 'EMAIL_FROM_NAME') ?? null,
  };
}
