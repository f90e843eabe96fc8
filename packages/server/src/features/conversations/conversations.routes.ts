import type { FastifyPluginAsync } from 'fastify';
import {
  API,
  clearConversationsSchema,
  conversationListQuerySchema,
  renameConversationSchema,
} from '@parley/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { parseInput } from '../../lib/validate';
import { authUser, requireAuth } from '../auth/auth.guard';
import {
  clearUserConversations,
  getUserConversation,
  listUserConversations,
  renameUserConversation,
  toConversation,
} from './conversations.service';

const idParams = z.object({ conversationId: z.string().min(1) });

/**
 * Conversation list, one conversation, rename and delete
 * (docs/reference/conversations.md (Listing conversations; Renaming; Deleting and clearing)).
 */
export const conversationsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preHandler', requireAuth(deps));

  app.get(API.convos, async (request) => {
    const query = parseInput(conversationListQuerySchema, request.query, 'query');
    return listUserConversations(db, authUser(request).id, query);
  });

  app.get(`${API.convos}/:conversationId`, async (request) => {
    const { conversationId } = parseInput(idParams, request.params, 'params');
    return toConversation(await getUserConversation(db, authUser(request).id, conversationId));
  });

  app.post(API.convosUpdate, async (request) => {
    const { arg } = parseInput(renameConversationSchema, request.body);
    return renameUserConversation(db, authUser(request).id, arg.conversationId, arg.title);
  });

  app.post(API.convosClear, async (request) => {
    const { arg } = parseInput(clearConversationsSchema, request.body);
    return clearUserConversations(db, authUser(request).id, arg.conversationId);
  });
};
