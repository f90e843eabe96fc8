import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute, type RequestHook } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import * as presets from './presets.service';

/**
 * The LibreChat client deletes all presets with a POST that has no body at all (no content type); that is
 * `{arg: {}}`. An empty body sent as JSON is still refused by the JSON parser.
 */
const noBodyDeletesAll: RequestHook = async (request) => {
  if (request.body === undefined) request.body = { arg: {} };
};

/**
 * Presets (docs/reference/presets.md (Saving a preset; Listing and deleting)): list, save (answers the new list),
 * delete one or all.
 */
export const presetsRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  app.addHook('preValidation', requireAuth(deps, services));

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
    preValidation: [noBodyDeletesAll],
    handler: async (request) => presets.deletePresets(deps, authUser(request).id, request.body.arg),
  });
};
