import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { editUserMessage, listUserMessages } from './messages.service';

/**
 * A conversation's messages, and editing one in place
 * (docs/reference/messages.md (Reading messages; Editing a message in place)).
 */
export const messagesRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', requireAuth(deps));

  addRoute(app, 'listMessages', {
    handler: async (request) => listUserMessages(db, authUser(request).id, request.params.conversationId),
  });

  addRoute(app, 'updateMessage', {
    handler: async (request) => {
      const { conversationId, messageId } = request.params;
      return editUserMessage(db, authUser(request).id, conversationId, messageId, request.body);
    },
  });
};
