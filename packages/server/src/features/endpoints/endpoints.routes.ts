import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { withAssistantsEndpoint, withAssistantsModels } from '../assistants/assistants-endpoint';
import { authUser, requireAuth } from '../auth/auth.guard';

/**
 * The endpoint menu's data (docs/reference/endpoints-and-models.md (Endpoint list and models)). The endpoint list is
 * answered without a token: LibreChat's client asks it before its token refresh on a page load, and it is the
 * operator's configuration only, the same for every caller (docs/reference/librechat-clients.md (A page load)). The
 * models are per user (a user's key or URL may list them), so they stay behind sign-in.
 */
export const endpointsRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const { registry } = services;
  const signedIn = [requireAuth(deps, services)];
  const endpoints = () => withAssistantsEndpoint(deps.config, registry);
  const models = async (userId: string) =>
    withAssistantsModels(deps.config, registry, await registry.listAllModels({ userId }));
  addRoute(app, 'listEndpoints', { handler: async () => endpoints() });
  addRoute(app, 'listModels', {
    preValidation: signedIn,
    handler: async (request) => models(authUser(request).id),
  });
  addRoute(app, 'getEndpointsOverride', {
    preValidation: signedIn,
    handler: async (request) => ({
      endpointsConfig: endpoints(),
      modelsConfig: await models(authUser(request).id),
    }),
  });
};
