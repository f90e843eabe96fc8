import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS_API, type EndpointsOverride } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { providerRegistryFor } from '../../providers/registry-for-config';
import { authUser, requireAuth } from '../auth/auth.guard';

/**
 * The endpoint menu's data (docs/reference/endpoints-and-models.md (Endpoint list and models)); signed-in users only.
 */
export const endpointsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const registry = providerRegistryFor(deps.config);
  app.addHook('preHandler', requireAuth(deps));

  app.get(ENDPOINTS_API.endpoints, async () => registry.listEndpoints());

  app.get(ENDPOINTS_API.models, async (request) => registry.listAllModels({ userId: authUser(request).id }));

  app.get(ENDPOINTS_API.override, async (request): Promise<EndpointsOverride> => ({
    endpointsConfig: registry.listEndpoints(),
    modelsConfig: await registry.listAllModels({ userId: authUser(request).id }),
  }));
};
