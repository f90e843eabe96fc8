import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { messageCost } from '../usage/message-cost';
import { getUsage } from '../usage/usage.service';
import { getBalance } from './balance.service';

/**
 * The balance (docs/reference/balance.md (Reading the balance)), its usage (docs/reference/commerce.md (Usage)) and
 * what a reply cost.
 */
export const balanceRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  app.addHook('preValidation', requireAuth(deps, services));
  addRoute(app, 'getBalance', { handler: async (request) => getBalance(deps, authUser(request).id) });
  addRoute(app, 'getUsage', {
    handler: async (request) => getUsage(deps, authUser(request).id, request.query.days),
  });
  addRoute(app, 'getMessageCost', {
    handler: async (request) => {
      const { conversationId, messageId } = request.params;
      return messageCost(deps, authUser(request).id, conversationId, messageId);
    },
  });
};
