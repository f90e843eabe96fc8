import type { FastifyPluginAsync } from 'fastify';
import { API, updateMessageSchema } from '@parley/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { parseInput } from '../../lib/validate';
import { authUser, requireAuth } from '../auth/auth.guard';
import { editUserMessage, listUserMessages } from './messages.service';

const conversationParams = z.object({ conversationId: z.string().min(1) });
const messageParams = conversationParams.extend({ messageId: z.string().min(1) });

/**
 * A conversation's messages, and editing one in place
 * (docs/reference/messages.md (Reading messages; Editing a message in place)).
 */
export const messagesRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preHandler', requireAuth(deps));

  app.get(`${API.messages}/:conversationId`, async (request) => {
    const { conversationId } = parseInput(conversationParams, request.params, 'params');
    return listUserMessages(db, authUser(request).id, conversationId);
  });

  app.put(`${API.messages}/:conversationId/:messageId`, async (request) => {
    const { conversationId, messageId } = parseInput(messageParams, request.params, 'params');
    const body = parseInput(updateMessageSchema, request.body);
    return editUserMessage(db, authUser(request).id, conversationId, messageId, body);
  });
};
