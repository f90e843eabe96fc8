import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { withAssistantsEndpoint, withAssistantsModels } from '../assistants/assistants-endpoint';
import { authUser, requireAuth } from '../auth/auth.guard';

/**
 * The endpoint menu's data (docs/reference/endpoints-and-models.md (Endpoint list and models)); signed-in users only.
 */
export const endpointsRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const { registry } = services;
  app.addHook('preValidation', requireAuth(deps, services));
  const endpoints = () => withAssistantsEndpoint(deps.config, registry);
  const models = async (userId: string) =>
    withAssistantsModels(deps.config, registry, await registry.listAllModels({ userId }));
  addRoute(app, 'listEndpoints', { handler: async () => endpoints() });
  addRoute(app, 'listModels', { handler: async (request) => models(authUser(request).id) });
  addRoute(app, 'getEndpointsOverride', {
    handler: async (request) => ({
      endpointsConfig: endpoints(),
      modelsConfig: await models(authUser(request).id),
    }),
  });
};
