import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import * as presets from './presets.service';

/**
 * Presets (docs/reference/presets.md (Saving a preset; Listing and deleting)): list, save (answers the new list),
 * delete one or all.
 */
export const presetsRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  app.addHook('preValidation', requireAuth(deps, services.tokenCache));

  addRoute(app, 'listPresets', {
    handler: async (request) => presets.listPresets(deps, authUser(request).id),
  });

  addRoute(app, 'savePreset', {
    handler: async (request, reply) => {
      const { created, presets: list } = await presets.savePreset(deps, authUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(list);
    },
  });

  addRoute(app, 'deletePresets', {
    handler: async (request) => presets.deletePresets(deps, authUser(request).id, request.body.arg),
  });
};
