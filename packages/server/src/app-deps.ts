import type { Redis } from 'ioredis';
import type { AppConfig } from './config/config.types';
import type { DatabaseHandle } from './db/database';

/** What the app is built from; tests pass their own. Nothing else is reached for globally. */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  /** Present when REDIS_URL is set: rate limits (and later jobs, caches) live there. */
  redis: Redis | null;
}
