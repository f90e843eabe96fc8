import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { editUserMessage, listUserMessages } from './messages.service';

/**
 * A conversation's messages, and editing one in place
 * (docs/reference/messages.md (Reading messages; Editing a message in place)).
 */
export const messagesRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const db = deps.database.db;
  app.addHook('preValidation', requireAuth(deps, services.tokenCache));

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
