import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import * as plugins from './plugins.service';

/**
 * The plugin store (docs/reference/tools.md (The plugin store)): the list, and installing or uninstalling for the
 * signed-in user. The store is the built-in catalogue plus what the app's services add (`extraPlugins`).
 */
export const pluginsRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  app.addHook('preValidation', requireAuth(deps, services));

  addRoute(app, 'listPlugins', {
    handler: async (request) => plugins.listPlugins(deps, authUser(request).id, services.extraPlugins()),
  });

  addRoute(app, 'updateUserPlugins', {
    handler: async (request) =>
      plugins.updateUserPlugins(deps, authUser(request).id, request.body, services.extraPlugins()),
  });
};
