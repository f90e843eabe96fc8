import type { AppConfig } from './config.types';
import { readAssistantsSettings } from './assistants-settings';
import { deepFreeze } from './deep-freeze';
import type { Env } from './env-reader';
import { readAppEnv, readAuthEnv, readServerEnv } from './env-settings';
import { mailNotice, readMailEnv } from './mail-settings';
import { readSmsEnv } from './sms-settings';
import { readProviderEnv } from './provider-settings';
import { readBanEnv } from './ban-settings';
import { readLinkEnv } from './link-settings';
import { readMessageLimitsEnv } from './message-limit-settings';
import { readFileSettings } from './file-settings';
import { readNetworkEnv } from './network-settings';
import { readTrustProxy } from './proxy-settings';
import { readBalanceSettings } from './balance-settings';
import { readInviteEnv } from './invite-settings';
import { readPaymentEnv } from './payment-settings';
import { readToolSettings } from './tool-settings';
import { readPluginEnv } from './plugin-env';
import { readShopSettings } from './shop-settings';
import { DEFAULT_RATE_LIMIT_PREFIX } from '../lib/rate-limit';
import { loadSecrets } from './secrets';
import { DEFAULT_SOCIAL_LOGINS, readSocialCredentials } from './social-logins';
import { findWebDist } from './web-dist';
import { loadYamlConfig } from './yaml.loader';

export interface LoadConfigInput {
  env: Env;
  /** Relative paths (DATA_DIR, CONFIG_PATH, a SQLite DATABASE_URL) resolve against it. */
  cwd: string;
}

const MB = 1024 * 1024;
const DEFAULT_AVATAR_SIZE_LIMIT_MB = 2;

/**
 * The one place that turns the environment and the YAML file into a config (docs/architecture.md (Configuration)).
 * Everything is validated before anything is written, so a bad setting never leaves files behind;
 * only then are missing secrets generated. Throws ConfigError naming the offending field.
 */
export function loadConfig({ env, cwd }: LoadConfigInput): { config: AppConfig; notices: string[] } {
  const notices: string[] = [];
  const server = readServerEnv(env, cwd);
  const auth = readAuthEnv(env, server.nodeEnv);
  const app = readAppEnv(env);
  const loaded = loadYamlConfig(
    { path: server.configPath, explicit: server.configPathExplicit },
    env,
    notices,
  );
  const yaml = loaded?.yaml ?? null;
  const socialProviders = readSocialCredentials(env, auth.allowSocialLogin, server.domainServer);
  const { secrets, notices: secretNotices } = loadSecrets(env, server.dataDir);
  notices.push(...secretNotices);

  const allowedDomains = yaml?.registration?.allowedDomains;
  const avatarMb = yaml?.fileConfig?.avatarSizeLimit ?? DEFAULT_AVATAR_SIZE_LIMIT_MB;
  const config: AppConfig = {
    nodeEnv: server.nodeEnv,
    host: server.host,
    port: server.port,
    domainClient: server.domainClient,
    domainServer: server.domainServer,
    dataDir: server.dataDir,
    databaseUrl: server.databaseUrl,
    redisUrl: server.redisUrl,
    logLevel: server.logLevel,
    heapGrowingPercent: server.heapGrowingPercent,
    webDistDir: findWebDist(env.WEB_DIST_DIR),
    trustProxy: readTrustProxy(env, notices),
    apiDocsUi: server.apiDocsUi,
    secrets,
    auth: {
      allowRegistration: auth.allowRegistration,
      allowEmailLogin: auth.allowEmailLogin,
      allowSocialLogin: auth.allowSocialLogin,
      allowSocialRegistration: auth.allowSocialRegistration,
      passwordResetLinkInResponse: auth.passwordResetLinkInResponse,
      allowedDomains: allowedDomains ? allowedDomains.map((d) => d.trim().toLowerCase()) : null,
      socialLogins: yaml?.registration?.socialLogins ?? [...DEFAULT_SOCIAL_LOGINS],
      secureCookies: server.secureCookies,
      socialProviders,
    },
    rateLimits: { ...auth.rateLimits, rateLimitPrefix: DEFAULT_RATE_LIMIT_PREFIX },
    app: { ...app, avatarSizeLimit: Math.round(avatarMb * MB) },
    yaml,
    configFile: loaded?.path ?? null,
    providers: readProviderEnv(env),
    messageLimits: readMessageLimitsEnv(env),
    bans: readBanEnv(env),
    files: readFileSettings(env, yaml),
    mail: readMailEnv(env),
    sms: readSmsEnv(env),
    network: readNetworkEnv(env),
    balance: readBalanceSettings(env, yaml),
    invites: readInviteEnv(env),
    shop: readShopSettings(yaml, env),
    payment: readPaymentEnv(env, server.nodeEnv),
    links: readLinkEnv(env),
    pluginEnv: readPluginEnv(env),
    tools: readToolSettings(env),
    assistants: readAssistantsSettings(yaml, env),
  };
  const mailOff = mailNotice(env, server.nodeEnv);
  if (mailOff) notices.push(mailOff);
  if (config.auth.passwordResetLinkInResponse && config.mail === null) {
    notices.push(
      'PASSWORD_RESET_LINK_IN_RESPONSE=true: a password reset request answers the reset link, so anyone who can ' +
        'reach this server can take over any account whose e-mail they know. Use it only for a trial on your machine.',
    );
  }
  return { config: deepFreeze(config), notices };
}
