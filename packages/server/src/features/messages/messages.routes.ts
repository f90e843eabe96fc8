import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { signMessageFiles } from '../files/file-url';
import { editUserMessage, listUserMessages } from './messages.service';

/**
 * A conversation's messages, and editing one in place
 * (docs/reference/messages.md (Reading messages; Editing a message in place)).
 */
export const messagesRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const db = deps.database.db;
  app.addHook('preValidation', requireAuth(deps, services));

  // The files' paths are signed as the answer is made (docs/reference/files.md (Reading a file)).
  addRoute(app, 'listMessages', {
    handler: async (request) => {
      const userId = authUser(request).id;
      const messages = await listUserMessages(db, userId, request.params.conversationId);
      return messages.map((m) => signMessageFiles(deps.config, userId, m));
    },
  });

  addRoute(app, 'updateMessage', {
    handler: async (request) => {
      const { conversationId, messageId } = request.params;
      const userId = authUser(request).id;
      const message = await editUserMessage(db, userId, conversationId, messageId, request.body);
      return signMessageFiles(deps.config, userId, message);
    },
  });
};
