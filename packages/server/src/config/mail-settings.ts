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

/**
 * What the operator is told at start when e-mail is off (docs/reference/accounts.md (Forgot and reset password)):
 * some EMAIL_* variables set but not all (a setting half done, which leaves e-mail off), naming those missing; or, in
 * production, that no mail goes out, so users are told to ask the administrator and the reset links are in the log.
 * Null when e-mail is on, or off on purpose outside production.
 */
export function mailNotice(env: Env, nodeEnv: string): string | null {
  if (readMailEnv(env) !== null) return null;
  const set = (name: string) => envString(env, name) !== undefined;
  const missing = [
    ...(set('EMAIL_SERVICE') || set('EMAIL_HOST') ? [] : ['EMAIL_SERVICE or EMAIL_HOST']),
    ...['EMAIL_USERNAME', 'EMAIL_PASSWORD', 'EMAIL_FROM'].filter((name) => !set(name)),
  ];
  const partly = Object.keys(env).some((name) => name.startsWith('EMAIL_') && set(name));
  const consequence =
    'no activation or password reset mail is sent: the forgot-password page tells users to ask the ' +
    "site's administrator, and each reset link is written to this log";
  if (partly)
    return `E-mail is off because ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set; ${consequence}.`;
  return nodeEnv === 'production' ? `E-mail is off (no EMAIL_* settings); ${consequence}.` : null;
}
