import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import {
  archiveUserConversation,
  clearUserConversations,
  getUserConversation,
  listUserConversations,
  toConversation,
  updateUserConversation,
} from './conversations.service';

/**
 * Conversation list, one conversation, rename (or update), archive and delete
 * (docs/reference/conversations.md (Listing conversations; Renaming; Archive; Deleting and clearing)).
 */
export const conversationsRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const db = deps.database.db;
  app.addHook('preValidation', requireAuth(deps, services));

  addRoute(app, 'listConversations', {
    handler: async (request) => listUserConversations(db, authUser(request).id, request.query),
  });

  addRoute(app, 'getConversation', {
    handler: async (request) =>
      toConversation(await getUserConversation(db, authUser(request).id, request.params.conversationId)),
  });

  addRoute(app, 'renameConversation', {
    handler: async (request) =>
      updateUserConversation(
        db,
        authUser(request).id,
        request.body.arg,
        (endpoint) => services.registry.getEndpoint(endpoint)?.kind,
      ),
  });

  addRoute(app, 'archiveConversation', {
    handler: async (request) => archiveUserConversation(db, authUser(request).id, request.body.arg),
  });

  addRoute(app, 'clearConversations', {
    handler: async (request) =>
      clearUserConversations(db, authUser(request).id, request.body.arg.conversationId),
  });
};
