import type { FastifyPluginAsync } from 'fastify';
import { API, searchQuerySchema } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { parseInput } from '../../lib/validate';
import { authUser, requireAuth } from '../auth/auth.guard';
import { assertSearchEnabled, searchUser } from './search.service';

/**
 * Search over the user's own titles and messages, and whether search is on
 * (docs/reference/search.md (Turning search on; The search call)).
 */
export const searchRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const enabled = deps.config.app.searchEnabled;
  app.addHook('preHandler', requireAuth(deps));

  app.get(API.searchEnable, async () => enabled);

  app.get(API.search, async (request) => {
    assertSearchEnabled(enabled);
    const { q, pageNumber } = parseInput(searchQuerySchema, request.query, 'query');
    return searchUser(deps.database.db, authUser(request).id, q, pageNumber);
  });
};
