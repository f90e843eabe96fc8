import type { FastifyPluginAsync } from 'fastify';
import { deleteAllKeysQuerySchema, KEYS_API, updateUserKeySchema, userKeyQuerySchema } from '@parley/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { parseInput } from '../../lib/validate';
import { authUser, requireAuth } from '../auth/auth.guard';
import * as keys from './keys.service';

const SWEEP_INTERVAL_MS = 10 * 60_000;
const nameParamSchema = z.object({ name: z.string().min(1) });

/**
 * User-provided provider keys (docs/reference/endpoints-and-models.md (User-provided keys)). No answer ever holds a
 * key's value.
 */
export const keysRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', requireAuth(deps));

  app.put(KEYS_API.keys, async (request, reply) => {
    const input = parseInput(updateUserKeySchema, request.body);
    const { created, saved } = await keys.saveUserKey(deps, authUser(request).id, input);
    return reply.status(created ? 201 : 200).send(saved);
  });

  app.get(KEYS_API.keys, async (request) => {
    const { name } = parseInput(userKeyQuerySchema, request.query, 'query');
    return keys.getUserKeyExpiry(deps, authUser(request).id, name);
  });

  app.delete(`${KEYS_API.keys}/:name`, async (request, reply) => {
    const { name } = parseInput(nameParamSchema, request.params, 'params');
    await keys.deleteUserKey(deps, authUser(request).id, name);
    return reply.status(204).send();
  });

  app.delete(KEYS_API.keys, async (request, reply) => {
    parseInput(deleteAllKeysQuerySchema, request.query, 'query');
    await keys.deleteAllUserKeys(deps, authUser(request).id);
    return reply.status(204).send();
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
