import type { FastifyPluginAsync } from 'fastify';
import { API } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { authUser, requireAuth } from '../auth/auth.guard';
import { toPublicUser } from './users.service';

/** `GET /api/user`: the signed-in user (the guard has already refused deleted and banned accounts). */
export const usersRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(API.user, { preHandler: requireAuth(deps) }, async (request) =>
    toPublicUser(authUser(request).row),
  );
};
