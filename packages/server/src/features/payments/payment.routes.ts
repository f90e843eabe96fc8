import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { randomBytes } from 'node:crypto';
import { addRoute } from '../../lib/api-routes';
import { AppError } from '../../lib/app-error';
import { allowInlineScript } from '../../lib/security-headers';
import { devPayPage, payDevOrder } from './dev-pay';
import { handleNotice } from './notify.service';
import { paymentStatus, wechatPayPage } from './wechat-pay-page';

/**
 * The payment providers' notices, the dev and WeChat Pay payment pages and the order status they poll (docs/reference/commerce.md (Orders and payment)). The
 * bodies are kept as the text that arrived: each provider signs the exact bytes it sent (Alipay a form, WeChat Pay
 * and Stripe JSON), so nothing may parse and re-write them first. Scoped to this plugin.
 */
export const paymentRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  addRoute(app, 'paymentNotify', {
    handler: async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const answer = await handleNotice(deps, services.payments, request.params.provider, {
        headers: request.headers,
        body,
      });
      reply.status(answer.status);
      if (answer.body === undefined) return reply.send();
      return reply.type(answer.contentType ?? 'text/plain').send(answer.body);
    },
  });

  const devOnly = () => {
    if (deps.config.payment?.provider !== 'dev' || !deps.config.app.checkBalance) {
      throw new AppError('NOT_FOUND', 'The dev payment provider is not enabled on this server');
    }
  };
  addRoute(app, 'devPayPage', {
    handler: async (request, reply) => {
      devOnly();
      const html = await devPayPage(deps, request.params.orderId);
      return reply.type('text/html; charset=utf-8').send(html);
    },
  });
  const shopOn = () => {
    if (!deps.config.payment || !deps.config.app.checkBalance) {
      throw new AppError('NOT_FOUND', 'The shop is not enabled on this server');
    }
  };
  addRoute(app, 'wechatPayPage', {
    handler: async (request, reply) => {
      shopOn();
      const nonce = randomBytes(16).toString('base64');
      const html = await wechatPayPage(deps, request.params.orderId, nonce);
      allowInlineScript(reply, nonce);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  });
  addRoute(app, 'paymentStatus', {
    handler: async (request, reply) => {
      shopOn();
      return reply
        .header('cache-control', 'no-store')
        .send(await paymentStatus(deps, request.params.orderId));
    },
  });
  addRoute(app, 'devPay', {
    handler: async (request, reply) => {
      devOnly();
      return reply.redirect(await payDevOrder(deps, request.params.orderId), 302);
    },
  });
};
