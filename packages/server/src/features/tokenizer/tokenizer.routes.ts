import type { FastifyPluginAsync } from 'fastify';
import { API, tokenizerRequestSchema } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { countTokens } from '../../lib/tokens';
import { parseInput } from '../../lib/validate';
import { authUser, requireAuth } from '../auth/auth.guard';

/** A text of 1 MB (with its JSON quoting) must fit, above the app's 1 MiB default body limit. */
const TOKENIZER_BODY_LIMIT = 4 * 1024 * 1024;

/** `POST /api/tokenizer` `{ text }` → `{ count }` in o200k_base tokens (docs/reference/chat.md (Token counts)). */
export const tokenizerRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', requireAuth(deps));
  app.post(API.tokenizer, { bodyLimit: TOKENIZER_BODY_LIMIT }, async (request) => {
    authUser(request);
    const { text } = parseInput(tokenizerRequestSchema, request.body);
    return { count: countTokens(text) };
  });
};
