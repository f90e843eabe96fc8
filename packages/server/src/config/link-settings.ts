import { ConfigError } from './config-error';
import { envOptionalHttpUrl, envString, type Env } from './env-reader';

/**
 * The outside links and contacts the web's user menu, recharge dialog and footer show
 * (docs/reference/commerce.md (The web's commerce screens)). Each is optional: unset, the web hides what uses it.
 */
export interface LinkSettings {
  /** VIP_MIRROR_URL: the VIP mirror site, first item of the user menu. */
  vipMirrorUrl: string | null;
  /** USAGE_HELP_URL: the usage guide, an item of the user menu. */
  usageHelpUrl: string | null;
  /** OFFICIAL_MIRROR_URL: the official-mirror offer shown under cards priced above 49. */
  officialMirrorUrl: string | null;
  /** APP_DOWNLOAD_URL: the Android app (APK) download, behind a confirm dialog. */
  appDownloadUrl: string | null;
  /** SUPPORT_QQ and SUPPORT_EMAIL: the support dialog's contacts; null when neither is set. */
  support: { qq: string | null; email: string | null } | null;
}

export function readLinkEnv(env: Env): LinkSettings {
  const qq = envString(env, 'SUPPORT_QQ') ?? null;
  if (qq !== null && !/^\d{5,12}$/.test(qq)) {
    throw new ConfigError('SUPPORT_QQ', `SUPPORT_QQ must be a QQ number (5 to 12 digits), got "${qq}"`);
  }
  const email = envString(env, 'SUPPORT_EMAIL') ?? null;
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new ConfigError('SUPPORT_EMAIL', `SUPPORT_EMAIL must be an e-mail address, got "${email}"`);
  }
  return {
    vipMirrorUrl: envOptionalHttpUrl(env, 'VIP_MIRROR_URL'),
    usageHelpUrl: envOptionalHttpUrl(env, 'USAGE_HELP_URL'),
    officialMirrorUrl: envOptionalHttpUrl(env, 'OFFICIAL_MIRROR_URL'),
    appDownloadUrl: envOptionalHttpUrl(env, 'APP_DOWNLOAD_URL'),
    support: qq === null && email === null ? null : { qq, email },
  };
}
