import type { FastifyPluginAsync } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../../lib/unavailable';
import type { AppDeps } from '../../app-deps';
import { addRoute } from '../../lib/api-routes';
import { checkHealth } from './health.service';

/**
 * `GET /health`, for load balancers and operators: 200 while the database answers, 503 with `Retry-After`
 * when it does not. Redis being down does not make it 503 (every instance shares the same Redis, so taking
 * this one out of rotation would help nobody), but the body says so: `redis: 'down'`, `status: 'degraded'`.
 */
export const healthRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  addRoute(app, 'health', {
    handler: async (_request, reply) => {
      const health = await checkHealth(deps);
      if (health.database === 'down') {
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(health);
      }
      return health;
    },
  });
};
