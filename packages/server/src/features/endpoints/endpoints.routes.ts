import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';

/**
 * The endpoint menu's data (docs/reference/endpoints-and-models.md (Endpoint list and models)); signed-in users only.
 */
export const endpointsRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const { registry } = services;
  app.addHook('preValidation', requireAuth(deps, services));
  addRoute(app, 'listEndpoints', { handler: async () => registry.listEndpoints() });
  addRoute(app, 'listModels', {
    handler: async (request) => registry.listAllModels({ userId: authUser(request).id }),
  });
  addRoute(app, 'getEndpointsOverride', {
    handler: async (request) => ({
      endpointsConfig: registry.listEndpoints(),
      modelsConfig: await registry.listAllModels({ userId: authUser(request).id }),
    }),
  });
};
