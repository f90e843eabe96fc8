import {
  APP_VERSION,
  bytesToMegabytes,
  SOCIAL_PROVIDERS,
  type BalanceRules,
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
    balanceRules: config.app.checkBalance ? balanceRulesOf(config) : null,
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

/** Units per fen: 100000 units are 1 credit, and 1 credit is 1 yuan (docs/reference/balance.md (The ledger)). */
const UNITS_PER_FEN = 1_000;

/**
 * The figures the help page states, taken from the settings the server charges and grants by, so the page and the
 * ledger never disagree (docs/reference/home-and-help.md (Help)).
 */
function balanceRulesOf(config: AppConfig): BalanceRules {
  const { pricing, registrationGift, dailyRestore, timeZone } = config.balance;
  return {
    pricing: pricing.mode,
    callCost: { 'gpt-3': pricing.callCost['gpt-3'], 'gpt-4': pricing.callCost['gpt-4'] },
    registrationGift: { ...registrationGift },
    dailyRestore: { ...dailyRestore },
    timeZone,
    invitePercent: config.invites.percent,
    inviteSecondLevelPercent: config.invites.secondLevelPercent,
    inviteGift: config.invites.registerGiftFen * UNITS_PER_FEN,
  };
}
