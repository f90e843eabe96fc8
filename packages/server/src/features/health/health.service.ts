import { sql } from 'kysely';
import type { Health } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import type { McpManager } from '../tools/mcp/mcp-manager';

/** A check that takes longer than this counts as down: a health probe must answer quickly. */
export const HEALTH_CHECK_TIMEOUT_MS = 1_000;

/** Resolves true when `check` succeeds within the timeout, false on an error or on a slow answer. */
async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>(
    (resolve) => (timer = setTimeout(() => resolve(false), HEALTH_CHECK_TIMEOUT_MS)),
  );
  try {
    return await Promise.race([check().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks the database and Redis, at the same time, whether they answer now; adds the MCP servers' last known states
 * (kept by their connections, so reading them asks no server).
 */
export async function checkHealth(deps: AppDeps, mcp?: Pick<McpManager, 'health'>): Promise<Health> {
  const { database, redis } = deps;
  const [databaseUp, redisUp] = await Promise.all([
    answers(() => sql`select 1`.execute(database.db)),
    // Without an offline queue a disconnected client fails the ping at once; with one, the timeout decides.
    redis ? answers(() => redis.ping()) : null,
  ]);
  const redisState = redisUp === null ? 'none' : redisUp ? 'up' : 'down';
  const mcpServers = mcp?.health();
  return {
    status: !databaseUp ? 'unavailable' : redisState === 'down' ? 'degraded' : 'ok',
    database: databaseUp ? database.dialect : 'down',
    redis: redisState,
    ...(mcpServers && { mcp: mcpServers }),
  };
}
