import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_OPENID_LABEL } from '@parley/shared';
import { isPostgresUrl } from '../db/database';
import { DEFAULT_HEAP_GROWING_PERCENT } from '../lib/heap-growth';
import { ConfigError } from './config-error';
import { readMailEnv } from './mail-settings';
import { envBool, envEnum, envHttpUrl, envInt, envString, type Env } from './env-reader';

const NODE_ENVS = ['development', 'production', 'test'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Where the process runs: addresses, storage, logging. */
export function readServerEnv(env: Env, cwd: string) {
  const port = envInt(env, 'PORT', 3080, { min: 0, max: 65535 });
  const dataDir = resolve(cwd, envString(env, 'DATA_DIR') ?? './data');
  const domainServer = envHttpUrl(env, 'DOMAIN_SERVER', `http://localhost:${port}`);
  const explicitConfigPath = envString(env, 'CONFIG_PATH');
  const nodeEnv = envEnum(env, 'NODE_ENV', NODE_ENVS, 'development');
  return {
    nodeEnv,
    host: envString(env, 'HOST') ?? 'localhost',
    port,
    domainClient: envHttpUrl(env, 'DOMAIN_CLIENT', `http://localhost:${port}`),
    domainServer,
    secureCookies: domainServer.startsWith('https://'),
    dataDir,
    databaseUrl: readDatabaseUrl(env, cwd, dataDir),
    redisUrl: readRedisUrl(env),
    logLevel: envEnum(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    heapGrowingPercent: envInt(env, 'HEAP_GROWING_PERCENT', DEFAULT_HEAP_GROWING_PERCENT, {
      min: 0,
      max: 400,
    }),
    // The API document is always at /api/docs/json; its browsable UI is on outside production unless turned off.
    apiDocsUi: envBool(env, 'API_DOCS_UI', nodeEnv !== 'production'),
    configPath: resolve(cwd, explicitConfigPath ?? './parley.yaml'),
    configPathExplicit: explicitConfigPath !== undefined,
  };
}

/** Who may sign in how, and how often they may try. */
export function readAuthEnv(env: Env, nodeEnv: string = 'development') {
  return {
    allowRegistration: envBool(env, 'ALLOW_REGISTRATION', true),
    allowEmailLogin: envBool(env, 'ALLOW_EMAIL_LOGIN', true),
    allowSocialLogin: envBool(env, 'ALLOW_SOCIAL_LOGIN', false),
    // Off unless turned on, as in LibreChat: a social sign-in then only reaches accounts that already exist.
    allowSocialRegistration: envBool(env, 'ALLOW_SOCIAL_REGISTRATION', false),
    passwordResetLinkInResponse: readResetLinkInResponse(env, nodeEnv),
    rateLimits: {
      loginMax: envInt(env, 'LOGIN_MAX', 7, { min: 0 }),
      // A zero window would make the limit meaningless, so windows start at one minute.
      loginWindowMinutes: envInt(env, 'LOGIN_WINDOW', 5, { min: 1 }),
      // The slower limit on one account from everywhere; a browser that signed in to it before is exempt
      // (docs/decisions.md, "Sign-in limits per account and address").
      loginAccountMax: envInt(env, 'LOGIN_ACCOUNT_MAX', 100, { min: 0 }),
      loginAccountWindowMinutes: envInt(env, 'LOGIN_ACCOUNT_WINDOW', 60, { min: 1 }),
      registerMax: envInt(env, 'REGISTER_MAX', 5, { min: 0 }),
      registerWindowMinutes: envInt(env, 'REGISTER_WINDOW', 60, { min: 1 }),
    },
  };
}

/**
 * PASSWORD_RESET_LINK_IN_RESPONSE: without e-mail, a reset request answers the link itself, so whoever knows an
 * address can take the account over. Only for a trial on one's own machine (the demo turns it on), never implied by
 * NODE_ENV, and refused in production (docs/decisions.md, "Reset links are not handed out by default").
 */
function readResetLinkInResponse(env: Env, nodeEnv: string): boolean {
  const on = envBool(env, 'PASSWORD_RESET_LINK_IN_RESPONSE', false);
  if (on && nodeEnv === 'production') {
    throw new ConfigError(
      'PASSWORD_RESET_LINK_IN_RESPONSE',
      'PASSWORD_RESET_LINK_IN_RESPONSE=true hands anyone a reset link for any account; it is refused in production',
    );
  }
  return on;
}

/** What the interface shows and which optional features are on. */
export function readAppEnv(env: Env) {
  const emailEnabled = readMailEnv(env) !== null;
  return {
    appTitle: envString(env, 'APP_TITLE') ?? 'Parley',
    customFooter: envString(env, 'CUSTOM_FOOTER') ?? null,
    showBirthdayIcon: envBool(env, 'SHOW_BIRTHDAY_ICON', false),
    checkBalance: envBool(env, 'CHECK_BALANCE', false),
    searchEnabled: envBool(env, 'SEARCH', true),
    titleConvo: envBool(env, 'TITLE_CONVO', true),
    // On unless turned off, as in LibreChat: users may share links, and anyone with one may read it.
    sharedLinksEnabled: envBool(env, 'ALLOW_SHARED_LINKS', true),
    publicSharedLinksEnabled: envBool(env, 'ALLOW_SHARED_LINKS_PUBLIC', true),
    emailEnabled,
    openidLabel: envString(env, 'OPENID_BUTTON_LABEL') ?? DEFAULT_OPENID_LABEL,
    openidImageUrl: envString(env, 'OPENID_IMAGE_URL') ?? '',
  };
}

function readDatabaseUrl(env: Env, cwd: string, dataDir: string): string {
  const value = envString(env, 'DATABASE_URL');
  if (value === undefined) return join(dataDir, 'parley.db');
  if (isPostgresUrl(value) || value === ':memory:') return value;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new ConfigError(
      'DATABASE_URL',
      `DATABASE_URL must be a postgres:// URL or a SQLite file path, got a ${value.split(':')[0]}: URL`,
    );
  }
  return isAbsolute(value) ? value : resolve(cwd, value);
}

function readRedisUrl(env: Env): string | null {
  const value = envString(env, 'REDIS_URL');
  if (value === undefined) return null;
  if (!/^rediss?:\/\//.test(value)) {
    throw new ConfigError('REDIS_URL', 'REDIS_URL must start with redis:// or rediss://');
  }
  return value;
}
