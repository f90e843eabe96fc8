import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { addRoute } from '../../lib/api-routes';
import { providerRegistryFor } from '../../providers/registry-for-config';
import { authUser, requireAuth } from '../auth/auth.guard';

/**
 * The endpoint menu's data (docs/reference/endpoints-and-models.md (Endpoint list and models)); signed-in users only.
 */
export const endpointsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const registry = providerRegistryFor(deps.config);
  app.addHook('preValidation', requireAuth(deps));
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
