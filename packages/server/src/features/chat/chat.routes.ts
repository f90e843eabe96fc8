import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute, type RouteRequest } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { pipeJobToResponse } from '../generation/run-job';
import { messageLimitsPreHandler } from '../limits/message-limits';
import { abortConversationJob, activeJobOf } from './chat-jobs.service';
import { startTurn, type SendRoute } from './start-turn.service';
import { waitForTitle } from './titles.service';

/**
 * Chat (docs/reference/chat.md (The ask call); docs/architecture.md (Chat pipeline)): send, abort, resume, and the
 * generated title.
 */
export const chatRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  // The app's chat context (app-services.ts); app.ts stops its jobs and closes it with the app.
  const ctx = services.chat;
  app.addHook('preValidation', requireAuth(deps, services.tokenCache));
  const messageLimits = messageLimitsPreHandler(services.messageLimits);

  // ask and edit share one contract in the route table; the route says which rules place the turn.
  const send = (route: SendRoute) => async (request: RouteRequest<'ask'>, reply: FastifyReply) => {
    const jobId = await startTurn(ctx, authUser(request).id, request.params.endpoint, request.body, route);
    await pipeJobToResponse(ctx.jobs, jobId, reply);
    return reply;
  };
  addRoute(app, 'ask', { preValidation: [messageLimits], handler: send('ask') });
  addRoute(app, 'edit', { preValidation: [messageLimits], handler: send('edit') });

  addRoute(app, 'abort', {
    handler: async (request, reply) => {
      const final = await abortConversationJob(ctx, authUser(request).id, request.body.abortKey);
      if (!final) return reply.code(204).send();
      return final;
    },
  });

  addRoute(app, 'resumeStream', {
    handler: async (request, reply) => {
      const header = request.headers['last-event-id'];
      const lastEventId = typeof header === 'string' && header ? header : undefined;
      const jobId = await activeJobOf(ctx, authUser(request).id, request.params.conversationId);
      await pipeJobToResponse(ctx.jobs, jobId, reply, { after: request.query.after ?? lastEventId });
      return reply;
    },
  });

  addRoute(app, 'generateTitle', {
    handler: async (request) => waitForTitle(ctx, authUser(request).id, request.body.conversationId),
  });
};
