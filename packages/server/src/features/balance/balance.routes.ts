import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { getUsage } from '../usage/usage.service';
import { getBalance } from './balance.service';

/** The balance (docs/reference/balance.md (Reading the balance)) and its usage (docs/reference/commerce.md (Usage)). */
export const balanceRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  app.addHook('preValidation', requireAuth(deps, services));
  addRoute(app, 'getBalance', { handler: async (request) => getBalance(deps, authUser(request).id) });
  addRoute(app, 'getUsage', {
    handler: async (request) => getUsage(deps, authUser(request).id, request.query.days),
  });
};
