import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { inviteStats } from '../cashback/invite-stats.service';
import { toPublicUser } from './users.service';

/**
 * `GET /api/user`: the signed-in user (the guard has already refused deleted and banned accounts); and their invite
 * stats.
 */
export const usersRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  addRoute(app, 'getUser', {
    preValidation: [requireAuth(deps, services)],
    handler: async (request) => toPublicUser(deps.config, authUser(request).row),
  });
  // docs/reference/accounts.md (Invite links); docs/reference/commerce.md (Invites and cash-back).
  addRoute(app, 'getInviteStats', {
    preValidation: [requireAuth(deps, services)],
    handler: async (request) => inviteStats(deps, authUser(request).row),
  });
};
