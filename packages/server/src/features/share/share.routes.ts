import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute, type RequestHook } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import * as share from './share.service';

/** LibreChat's client may send the create call without a body: that shares the branch the web shows. */
const noBodyIsEmpty: RequestHook = async (request) => {
  if (request.body === undefined || request.body === null) request.body = {};
};

/**
 * Share links (docs/reference/sharing.md (Share links)): the owner's calls behind the auth guard; reading a link
 * needs no sign-in unless the operator says so (ALLOW_SHARED_LINKS_PUBLIC=false).
 */
export const shareRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const db = deps.database.db;
  const guard = requireAuth(deps, services);

  addRoute(app, 'getSharedConversation', {
    ...(deps.config.app.publicSharedLinksEnabled ? {} : { preValidation: [guard] }),
    handler: async (request) => share.readShare(deps, request.params.shareId),
  });

  addRoute(app, 'listSharedLinks', {
    preValidation: [guard],
    handler: async (request) => share.listShares(db, authUser(request).id, request.query),
  });

  addRoute(app, 'getShareOfConversation', {
    preValidation: [guard],
    handler: async (request) =>
      share.shareOfConversation(db, authUser(request).id, request.params.conversationId),
  });

  addRoute(app, 'createShare', {
    preValidation: [guard, noBodyIsEmpty],
    handler: async (request) =>
      share.createShare(
        deps,
        authUser(request).id,
        request.params.conversationId,
        request.body.targetMessageId ?? null,
      ),
  });

  addRoute(app, 'renewShare', {
    preValidation: [guard],
    handler: async (request) => share.renewShare(deps, authUser(request).id, request.params.shareId),
  });

  addRoute(app, 'deleteShare', {
    preValidation: [guard],
    handler: async (request) => share.deleteShare(db, authUser(request).id, request.params.shareId),
  });
};
