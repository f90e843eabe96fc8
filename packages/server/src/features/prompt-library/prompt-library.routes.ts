import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { requireAuth } from '../auth/auth.guard';
import { listPromptLibrary } from './prompt-library.service';

/** The prompt library (docs/reference/prompt-library.md (Listing and searching)), for signed-in users. */
export const promptLibraryRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  app.addHook('preValidation', requireAuth(deps, services));

  addRoute(app, 'listPromptLibrary', {
    handler: async (request) =>
      listPromptLibrary(
        deps.database.db,
        deps.config.yaml,
        request.query,
        request.headers['accept-language'],
      ),
  });
};
