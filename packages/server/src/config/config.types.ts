import type { ToolSettings } from './tool-settings';
import type { AssistantsSettings } from './assistants-settings';
import type { SocialProvider } from '@parley/shared';
import type { YamlConfig } from './yaml.schema';
import type { ProvidersConfig } from './provider-settings';
import type { BanConfig } from './ban-settings';
import type { MessageLimitsConfig } from './message-limit-settings';
import type { FilesSettings } from './file-settings';
import type { NetworkSettings } from './network-settings';
import type { MailSettings } from './mail-settings';
import type { SmsSettings } from './sms-settings';
import type { BalanceSettings } from './balance-settings';
import type { InviteSettings } from './invite-settings';
import type { PaymentSettings } from './payment-settings';
import type { ShopSettings } from './shop-settings';
import type { LinkSettings } from './link-settings';
import type { TrustProxy } from './proxy-settings';

export interface SocialCredentials {
  clientId: string;
  clientSecret: string;
  /** OpenID only: the issuer whose discovery document names the endpoints. */
  issuer?: string;
  /** OpenID only: OPENID_SCOPE. */
  scope?: string;
  /** `{PREFIX}_CALLBACK_URL` made absolute; unset: `{DOMAIN_SERVER}/oauth/{provider}/callback`. */
  callbackUrl?: string;
  /**
   * Plain OAuth 2 providers (github, discord, facebook): the operator's replacements for the provider's fixed
   * addresses (`{PREFIX}_AUTH_URL`, `_TOKEN_URL`, `_API_URL`), for an enterprise server or a local stand-in.
   */
  endpoints?: { authorization?: string; token?: string; api?: string };
}

/** The validated, frozen configuration every part of the server receives (docs/architecture.md (Configuration)). */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  domainClient: string;
  domainServer: string;
  dataDir: string;
  /** A SQLite file path (or `:memory:`), or a `postgres://` URL. */
  databaseUrl: string;
  redisUrl: string | null;
  logLevel: string;
  /** HEAP_GROWING_PERCENT (lib/heap-growth.ts). */
  heapGrowingPercent: number;
  /** Built web app to serve; null when it is not built (API only). */
  webDistDir: string | null;
  /** TRUST_PROXY: which peers may name the client's address (proxy-settings.ts). */
  trustProxy: TrustProxy;
  /** API_DOCS_UI: serve the browsable API document at /api/docs (the JSON is always at /api/docs/json). */
  apiDocsUi: boolean;
  secrets: {
    jwtSecret: string;
    jwtRefreshSecret: string;
    credsKey: string;
    credsIv: string;
  };
  auth: {
    allowRegistration: boolean;
    allowEmailLogin: boolean;
    allowSocialLogin: boolean;
    /** ALLOW_SOCIAL_REGISTRATION: a social sign-in may create an account (else only existing ones sign in). */
    allowSocialRegistration: boolean;
    /**
     * PASSWORD_RESET_LINK_IN_RESPONSE: without e-mail, a reset request answers the link (a local trial only; never
     * in production). Off: the link goes only to the server log.
     */
    passwordResetLinkInResponse: boolean;
    /** E-mail domains allowed to register; null allows every domain. */
    allowedDomains: string[] | null;
    socialLogins: SocialProvider[];
    /** Refresh cookie gets `Secure` when the server is reached over https. */
    secureCookies: boolean;
    /**
     * Providers usable for sign-in (ALLOW_SOCIAL_LOGIN on and their credentials set), with their OAuth
     * client credentials; empty when none.
     */
    socialProviders: Partial<Record<SocialProvider, SocialCredentials>>;
  };
  rateLimits: {
    loginMax: number;
    loginWindowMinutes: number;
    /** Sign-in attempts on one account from every address, except from browsers known to it (LOGIN_ACCOUNT_MAX). */
    loginAccountMax: number;
    loginAccountWindowMinutes: number;
    registerMax: number;
    registerWindowMinutes: number;
    /** Prefix of the limiters' and jobs' Redis keys (`parley:rl:`); tests give each app their own. */
    rateLimitPrefix: string;
  };
  app: {
    appTitle: string;
    customFooter: string | null;
    showBirthdayIcon: boolean;
    checkBalance: boolean;
    searchEnabled: boolean;
    emailEnabled: boolean;
    openidLabel: string;
    openidImageUrl: string;
    /** Bytes. */
    avatarSizeLimit: number;
    /** TITLE_CONVO: generate conversation titles. */
    titleConvo: boolean;
    /** ALLOW_SHARED_LINKS: users may make share links (off: none is made, and none can be read). */
    sharedLinksEnabled: boolean;
    /** ALLOW_SHARED_LINKS_PUBLIC: a link is readable signed out (off: only by signed-in users). */
    publicSharedLinksEnabled: boolean;
  };
  /** The YAML file as validated, or null when there is none. */
  yaml: YamlConfig | null;
  /** Absolute path of the YAML file loaded, for the start-up log; null when there is none. */
  configFile: string | null;
  /** Built-in model providers from the environment (OPENAI_API_KEY, …); empty when none is configured. */
  providers: ProvidersConfig;
  /** Message rate and concurrency limits (message-limit-settings.ts). */
  messageLimits: MessageLimitsConfig;
  /** Violation scores and automatic bans (ban-settings.ts). */
  bans: BanConfig;
  /** Uploads: storage strategy, per-endpoint limits (the YAML's merged in), upload rate limits. */
  files: FilesSettings;
  /** SMTP for activation and reset mails; null when e-mail is off (app.emailEnabled false). */
  mail: MailSettings | null;
  /** Phone sign-in: the SMS transport (null: off) and the daily caps of codes (sms-settings.ts). */
  sms: SmsSettings;
  /** HTTP timeouts and the ranges user-given URLs may reach (network-settings.ts). */
  network: NetworkSettings;
  /** Prices, gifts and the daily restore; used only when `app.checkBalance` (balance-settings.ts). */
  balance: BalanceSettings;
  /** Invite cash-back shares, the invited user's gift and the cash-out contact (invite-settings.ts). */
  invites: InviteSettings;
  /** What is for sale (shop-settings.ts); sold only with `app.checkBalance` and a payment provider. */
  shop: ShopSettings;
  /** PAYMENT_PROVIDER and its settings (payment-settings.ts); null: no payment provider. */
  payment: PaymentSettings | null;
  /** The outside links and support contacts the web shows (link-settings.ts). */
  links: LinkSettings;
  /** The plugins' credential variables the operator set, by name (plugin-env.ts). */
  pluginEnv: Readonly<Record<string, string>>;
  /** How replies use tools: the step limit, the DALL-E proxy (tool-settings.ts). */
  tools: ToolSettings;
  /** The assistants endpoint (assistants-settings.ts); null when the YAML file has no `endpoints.assistants`. */
  assistants: AssistantsSettings | null;
}
