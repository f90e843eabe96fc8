import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { withAssistantsEndpoint, withAssistantsModels } from '../assistants/assistants-endpoint';
import { authUser, requireAuth } from '../auth/auth.guard';

/**
 * The endpoint menu's data (docs/reference/endpoints-and-models.md (Endpoint list and models)). The endpoint list is
 * answered without a token: LibreChat's client asks it before its token refresh on a page load, and it is the
 * operator's configuration only, the same for every caller (docs/reference/librechat-clients.md (A page load)). The
 * models are listed for a user (a custom endpoint may be asked with the user's id), so they stay behind sign-in.
 */
export const endpointsRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const { registry } = services;
  const guard = requireAuth(deps, services);
  const endpoints = () => withAssistantsEndpoint(deps.config, registry);
  const models = async (userId: string) =>
    withAssistantsModels(deps.config, registry, await registry.listAllModels({ userId }));
  addRoute(app, 'listEndpoints', { handler: async () => endpoints() });
  addRoute(app, 'listModels', {
    preValidation: [guard],
    handler: async (request) => models(authUser(request).id),
  });
  // LibreChat's client asks this one before its refresh too. Without a token it gets the endpoint list alone; a
  // token is checked as on any signed-in call (a stale one is a 401, which the client refreshes and retries).
  addRoute(app, 'getEndpointsOverride', {
    preValidation: [async (request) => (request.headers.authorization ? guard(request) : undefined)],
    handler: async (request) =>
      request.authUser
        ? { endpointsConfig: endpoints(), modelsConfig: await models(request.authUser.id) }
        : { endpointsConfig: endpoints() },
  });
};
