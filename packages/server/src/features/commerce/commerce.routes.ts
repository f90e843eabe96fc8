import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { isMobileClient, isWeChatBrowser } from '../../lib/mobile-client';
import { authUser, requireAuth } from '../auth/auth.guard';
import { chargeLimitHook } from './charge-limit';
import { charge, getPurchaseOptions, shopProvider } from './commerce.service';
import { orderSummary } from './order-summary';

/** What is for sale, and orders (docs/reference/commerce.md). */
export const commerceRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  app.addHook('preValidation', requireAuth(deps, services));
  addRoute(app, 'getPurchaseOptions', { handler: async () => getPurchaseOptions(deps, services.payments) });
  addRoute(app, 'charge', {
    preValidation: [chargeLimitHook(deps)],
    handler: async (request, reply) => {
      // A phone gets the provider's page made for phones where it has one.
      const client = {
        mobile: isMobileClient(request.headers),
        wechat: isWeChatBrowser(request.headers),
        ip: request.ip,
      };
      const result = await charge(deps, services.payments, authUser(request).id, request.body, client);
      return reply.status(201).send(result);
    },
  });
  addRoute(app, 'getOrder', {
    handler: async (request) => {
      await shopProvider(deps, services.payments);
      return orderSummary(deps, authUser(request).id, request.params.orderId);
    },
  });
};
