import {
  APP_VERSION,
  bytesToMegabytes,
  SOCIAL_PROVIDERS,
  TEMPORARY_CHAT_RETENTION,
  type StartupConfig,
} from '@parley/shared';
import type { AppConfig } from '../../config/config.types';
import { buildEndpointCatalog } from '../../providers/endpoint-catalog';

/** What the web needs before sign-in (docs/reference/accounts.md (Startup config)), derived from the server config. */
export function toStartupConfig(config: AppConfig): StartupConfig {
  const providers = config.auth.allowSocialLogin ? config.auth.socialProviders : {};
  const enabled = (provider: (typeof SOCIAL_PROVIDERS)[number]) => providers[provider] !== undefined;
  return {
    appTitle: config.app.appTitle,
    customFooter: config.app.customFooter,
    serverDomain: config.domainServer,
    registrationEnabled: config.auth.allowRegistration,
    emailLoginEnabled: config.auth.allowEmailLogin,
    emailEnabled: config.app.emailEnabled,
    smsEnabled: config.sms.transport !== null,
    socialLoginEnabled: SOCIAL_PROVIDERS.some(enabled),
    socialLogins: [...config.auth.socialLogins],
    discordLoginEnabled: enabled('discord'),
    facebookLoginEnabled: enabled('facebook'),
    githubLoginEnabled: enabled('github'),
    googleLoginEnabled: enabled('google'),
    openidLoginEnabled: enabled('openid'),
    openidLabel: config.app.openidLabel,
    openidImageUrl: config.app.openidImageUrl,
    showBirthdayIcon: config.app.showBirthdayIcon,
    checkBalance: config.app.checkBalance,
    shopEnabled: config.app.checkBalance && config.payment !== null,
    modelClasses: config.app.checkBalance ? [...config.balance.pricing.classRules] : [],
    searchEnabled: config.app.searchEnabled,
    sharedLinksEnabled: config.app.sharedLinksEnabled,
    publicSharedLinksEnabled: config.app.sharedLinksEnabled && config.app.publicSharedLinksEnabled,
    avatarSizeLimit: bytesToMegabytes(config.app.avatarSizeLimit),
    endpoints: buildEndpointCatalog(config).map((entry) => entry.name),
    version: APP_VERSION,
    vipMirrorUrl: config.links.vipMirrorUrl,
    usageHelpUrl: config.links.usageHelpUrl,
    officialMirrorUrl: config.links.officialMirrorUrl,
    appDownloadUrl: config.links.appDownloadUrl,
    support: config.links.support,
    interface: {
      temporaryChatRetention:
        config.yaml?.interface?.temporaryChatRetention ?? TEMPORARY_CHAT_RETENTION.default,
    },
  };
}
