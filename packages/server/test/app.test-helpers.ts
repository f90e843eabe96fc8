import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { DialectName } from '../src/db/database';
import type { AppConfig } from '../src/config/config.types';
import { readAppEnv } from '../src/config/env-settings';
import { readFileSettings } from '../src/config/file-settings';
import { DEFAULT_MESSAGE_LIMITS } from '../src/config/message-limit-settings';
import { DEFAULT_BANS } from '../src/config/ban-settings';
import { DEFAULT_SMS_SETTINGS } from '../src/config/sms-settings';
import { DEFAULT_NETWORK_SETTINGS } from '../src/config/network-settings';
import { readBalanceSettings } from '../src/config/balance-settings';
import { DEFAULT_INVITES } from '../src/config/invite-settings';
import { readShopSettings } from '../src/config/shop-settings';
import { DEFAULT_HEAP_GROWING_PERCENT } from '../src/lib/heap-growth';
import { DEFAULT_RATE_LIMIT_PREFIX } from '../src/lib/rate-limit';
import { readLinkEnv } from '../src/config/link-settings';
import { readAssistantsSettings } from '../src/config/assistants-settings';
import { buildApp, type BuildOptions } from '../src/app';
import { freshDatabase, type TestDatabase } from './dialects.test-helpers';

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/**
 * A complete config for tests, resolved as the loader resolves one (no provider configured, the default limits,
 * files from the YAML given); pass only what a test changes.
 */
export function testConfig(overrides: DeepPartial<AppConfig> = {}): AppConfig {
  const base: AppConfig = {
    nodeEnv: 'test',
    host: '127.0.0.1',
    port: 0,
    domainClient: 'http://localhost:3080',
    domainServer: 'http://localhost:3080',
    dataDir: './data',
    databaseUrl: ':memory:',
    redisUrl: null,
    logLevel: 'silent',
    heapGrowingPercent: DEFAULT_HEAP_GROWING_PERCENT,
    webDistDir: null,
    trustProxy: false,
    apiDocsUi: false,
    secrets: {
      jwtSecret: 'test-jwt-secret-0123456789abcdef0123456789abcdef',
      jwtRefreshSecret: 'test-refresh-secret-0123456789abcdef0123456789ab',
      credsKey: '0'.repeat(64),
      credsIv: '0'.repeat(32),
    },
    auth: {
      allowRegistration: true,
      allowEmailLogin: true,
      allowSocialLogin: false,
      allowSocialRegistration: false,
      passwordResetLinkInResponse: false,
      allowedDomains: null,
      socialLogins: [],
      secureCookies: false,
      socialProviders: {},
    },
    rateLimits: {
      loginMax: 7,
      loginWindowMinutes: 5,
      loginAccountMax: 100,
      loginAccountWindowMinutes: 60,
      registerMax: 50,
      registerWindowMinutes: 60,
      rateLimitPrefix: DEFAULT_RATE_LIMIT_PREFIX,
    },
    // The app settings an empty environment gives, as the loader reads them.
    app: { ...readAppEnv({}), avatarSizeLimit: 2 * 1024 * 1024 },
    yaml: null,
    configFile: null,
    providers: {},
    messageLimits: DEFAULT_MESSAGE_LIMITS,
    bans: DEFAULT_BANS,
    links: readLinkEnv({}),
    files: readFileSettings({}, null),
    mail: null,
    sms: DEFAULT_SMS_SETTINGS,
    network: DEFAULT_NETWORK_SETTINGS,
    balance: readBalanceSettings({}, null),
    invites: DEFAULT_INVITES,
    shop: readShopSettings(null),
    payment: null,
    pluginEnv: {},
    tools: { stepLimit: 10, dalleBaseUrl: null },
    assistants: null,
  };
  const config = merge(base, overrides) as AppConfig;
  // As the loader does: the file rules come from the YAML's fileConfig unless the test gives its own; the balance
  // settings from its balance section.
  const files = overrides.files === undefined ? readFileSettings({}, config.yaml) : config.files;
  const balance =
    overrides.balance === undefined && config.yaml?.balance
      ? readBalanceSettings({}, config.yaml)
      : config.balance;
  // The assistants endpoint from the YAML's endpoints.assistants, unless the test gives its settings.
  const assistants =
    overrides.assistants === undefined ? readAssistantsSettings(config.yaml) : config.assistants;
  return { ...config, files, balance, assistants };
}

function merge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (base && over && typeof base === 'object' && typeof over === 'object' && !Array.isArray(over)) {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [k, v] of Object.entries(over)) out[k] = merge(out[k], v);
    return out;
  }
  return over;
}

export interface TestApp {
  app: FastifyInstance;
  /** The config the app was built with (with `database` and `redis`, the app's deps: factories take them). */
  config: AppConfig;
  database: TestDatabase;
  redis: Redis | null;
  close(): Promise<void>;
}

/** An app over a fresh database of the given dialect; with `redis: true` it uses TEST_REDIS_URL. */
export async function buildTestApp(
  dialect: DialectName,
  overrides: DeepPartial<AppConfig> = {},
  options: {
    redis?: boolean;
    logger?: BuildOptions['logger'];
    importHooks?: BuildOptions['importHooks'];
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase(dialect);
  const redisUrl = options.redis ? process.env.TEST_REDIS_URL : undefined;
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 2 }) : null;
  // Each app gets its own Redis key prefix unless the test shares one on purpose (two instances, one state).
  const rateLimitPrefix =
    overrides.rateLimits?.rateLimitPrefix ?? `parley-test:${randomBytes(6).toString('hex')}:`;
  const config = testConfig({
    ...overrides,
    rateLimits: { ...overrides.rateLimits, rateLimitPrefix },
    redisUrl: redisUrl ?? null,
  });
  const app = await buildApp(
    { config, database, redis },
    { checkResponses: true, logger: options.logger, importHooks: options.importHooks },
  );
  await app.ready();
  return {
    app,
    config,
    database,
    redis,
    close: async () => {
      await app.close();
      await database.cleanup();
      redis?.disconnect();
    },
  };
}
