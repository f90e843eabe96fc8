import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { recordClick } from './click.service';

/** `POST /api/click`: a menu or button click, logged and answered 204 (docs/reference/commerce.md (Click records)). */
export const clickRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  app.addHook('preValidation', requireAuth(deps, services));

  addRoute(app, 'click', {
    handler: async (request, reply) => {
      recordClick(request.log, authUser(request).id, request.body);
      return reply.status(204).send();
    },
  });
};
