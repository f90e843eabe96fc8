import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { toPublicUser } from './users.service';

/** `GET /api/user`: the signed-in user (the guard has already refused deleted and banned accounts). */
export const usersRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  addRoute(app, 'getUser', {
    preValidation: [requireAuth(deps)],
    handler: async (request) => toPublicUser(authUser(request).row),
  });
};
