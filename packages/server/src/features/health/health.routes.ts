import type { FastifyPluginAsync } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../../lib/unavailable';
import type { AppDeps } from '../../app-deps';
import { addRoute } from '../../lib/api-routes';
import type { McpManager } from '../tools/mcp/mcp-manager';
import { checkHealth } from './health.service';

/**
 * `GET /health`, for load balancers and operators: 200 while the database answers, 503 with `Retry-After`
 * when it does not. Redis being down does not make it 503 (every instance shares the same Redis, so taking
 * this one out of rotation would help nobody), but the body says so: `redis: 'down'`, `status: 'degraded'`.
 * The MCP servers are details (`mcp`), never the status: replies go on without a tool server.
 */
export const healthRoutes: FastifyPluginAsync<{ deps: AppDeps; mcp?: Pick<McpManager, 'health'> }> = async (
  app,
  { deps, mcp },
) => {
  addRoute(app, 'health', {
    handler: async (_request, reply) => {
      const health = await checkHealth(deps, mcp);
      if (health.database === 'down') {
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(health);
      }
      return health;
    },
  });
};
