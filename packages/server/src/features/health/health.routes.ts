import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app-deps';

/** `GET /health`: 200 when the database answers, 503 otherwise (for load balancers). */
export const healthRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(deps.database.db);
      return { status: 'ok', database: deps.database.dialect, redis: deps.redis !== null };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
};
