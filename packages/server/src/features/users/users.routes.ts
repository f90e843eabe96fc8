import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { countInvitees } from './users.repository';
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
  // docs/reference/accounts.md (Invite links).
  addRoute(app, 'getInviteStats', {
    preValidation: [requireAuth(deps, services)],
    handler: async (request) => {
      const { row } = authUser(request);
      const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
      return { inviteCode: row.invite_code, ...(await countInvitees(deps.database.db, row.id, dayAgo)) };
    },
  });
};
