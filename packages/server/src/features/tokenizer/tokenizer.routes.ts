import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { countTokens } from '../../lib/tokens';
import { requireAuth } from '../auth/auth.guard';

/** A text of 1 MB (with its JSON quoting) must fit, above the app's 1 MiB default body limit. */
const TOKENIZER_BODY_LIMIT = 4 * 1024 * 1024;

/** `POST /api/tokenizer` `{ text }` (or `{ arg: text }`) → `{ count }` in o200k_base tokens (docs/reference/chat.md (Token counts)). */
export const tokenizerRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  app.addHook('preValidation', requireAuth(deps, services));
  addRoute(app, 'countTokens', {
    bodyLimit: TOKENIZER_BODY_LIMIT,
    handler: async (request) => ({ count: countTokens(request.body.text) }),
  });
};
