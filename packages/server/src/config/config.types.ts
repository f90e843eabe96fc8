import type { SocialProvider } from '@parley/shared';
import type { YamlConfig } from './yaml.schema';
import type { ProvidersConfig } from './provider-settings';
import type { BanConfig } from './ban-settings';
import type { MessageLimitsConfig } from './message-limit-settings';
import type { FilesSettings } from './file-settings';
import type { NetworkSettings } from './network-settings';
import type { MailSettings } from './mail-settings';

export interface SocialCredentials {
  clientId: string;
  clientSecret: string;
  /** OpenID only: the issuer whose discovery document names the endpoints. */
  issuer?: string;
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
  trustProxy: boolean;
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
  /** HTTP timeouts and the ranges user-given URLs may reach (network-settings.ts). */
  network: NetworkSettings;
}
