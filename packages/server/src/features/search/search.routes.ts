import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { signMessageFiles } from '../files/file-url';
import { assertSearchEnabled, searchUser } from './search.service';

/**
 * Search over the user's own titles and messages, and whether search is on
 * (docs/reference/search.md (Turning search on; The search call)).
 */
export const searchRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const enabled = deps.config.app.searchEnabled;
  app.addHook('preValidation', requireAuth(deps, services));
  addRoute(app, 'searchEnabled', { handler: async () => enabled });
  addRoute(app, 'search', {
    handler: async (request) => {
      assertSearchEnabled(enabled);
      const { q, pageNumber } = request.query;
      const userId = authUser(request).id;
      const page = await searchUser(deps.database.db, userId, q, pageNumber);
      return { ...page, messages: page.messages.map((m) => signMessageFiles(deps.config, userId, m)) };
    },
  });
};
