import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { toPublicUser } from './users.service';

/** `GET /api/user`: the signed-in user (the guard has already refused deleted and banned accounts). */
export const usersRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  addRoute(app, 'getUser', {
    preValidation: [requireAuth(deps, services.tokenCache)],
    handler: async (request) => toPublicUser(deps.config, authUser(request).row),
  });
};
