import type { FastifyPluginAsync } from 'fastify';
import { API } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { toStartupConfig } from './config.service';

/** `GET /api/config`: public, read before sign-in; the config is frozen, so the answer is built once. */
export const configRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const startupConfig = toStartupConfig(deps.config);
  app.get(API.config, async () => startupConfig);
};
