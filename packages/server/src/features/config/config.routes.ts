import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { addRoute } from '../../lib/api-routes';
import { toStartupConfig } from './config.service';

/** `GET /api/config`: public, read before sign-in; the config is frozen, so the answer is built once. */
export const configRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const startupConfig = toStartupConfig(deps.config);
  addRoute(app, 'getConfig', { handler: async () => startupConfig });
};
