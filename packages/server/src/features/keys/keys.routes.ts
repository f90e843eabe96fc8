import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import * as keys from './keys.service';

const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * User-provided provider keys (docs/reference/endpoints-and-models.md (User-provided keys)). No answer ever holds a
 * key's value.
 */
export const keysRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  app.addHook('preValidation', requireAuth(deps, services));

  addRoute(app, 'saveKey', {
    handler: async (request, reply) => {
      const { created, saved } = await keys.saveUserKey(deps, authUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(saved);
    },
  });

  addRoute(app, 'getKeyExpiry', {
    handler: async (request) => keys.getUserKeyExpiry(deps, authUser(request).id, request.query.name),
  });

  addRoute(app, 'deleteKey', {
    handler: async (request, reply) => {
      await keys.deleteUserKey(deps, authUser(request).id, request.params.name);
      return reply.status(204).send();
    },
  });

  // Only `all=true` gets here (the table's query schema), so a stray call cannot wipe every key.
  addRoute(app, 'deleteAllKeys', {
    handler: async (request, reply) => {
      await keys.deleteAllUserKeys(deps, authUser(request).id);
      return reply.status(204).send();
    },
  });

  // Reads purge a user's expired keys; this sweep removes those of users who do not come back.
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      keys
        .purgeExpiredUserKeys(deps)
        .catch((err: unknown) => app.log.warn({ err }, 'expired key sweep failed'));
    }, SWEEP_INTERVAL_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
};
