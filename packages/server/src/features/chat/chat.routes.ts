import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { DELTA_FRAMES, STREAM_FRAMES_HEADER } from '@parley/shared';
import type { AppPluginOptions } from '../../app-services';
import { addRoute, type RouteRequest } from '../../lib/api-routes';
import { errorAnswer } from '../../lib/error-handler';
import { authUser, requireAuth } from '../auth/auth.guard';
import { pipeJobToResponse } from '../generation/run-job';
import { messageLimitsPreHandler } from '../limits/message-limits';
import { abortConversationJob, activeJobOf } from './chat-jobs.service';
import { isIllegalModelError } from './offered-model';
import { refusalEvent, streamRefusal } from './refusal-stream';
import type { SendRoute } from './send-intent';
import { refusedReplySender, startTurn } from './start-turn.service';
import { addSyncFeedRoute } from './sync-feed';
import { waitForTitle } from './titles.service';
import { wholeTextFrames } from './whole-text-frames';

/** The client asked for delta frames (Parley's web app does); else it gets LibreChat's frames and errors. */
const wantsDeltas = (request: FastifyRequest) => request.headers[STREAM_FRAMES_HEADER] === DELTA_FRAMES;

/**
 * Chat (docs/reference/chat.md (The ask call); docs/architecture.md (Chat pipeline)): send, abort, resume, and the
 * generated title.
 */
export const chatRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  // The app's chat context (app-services.ts); app.ts stops its jobs and closes it with the app.
  const ctx = services.chat;
  app.addHook('preValidation', requireAuth(deps, services));
  const messageLimits = messageLimitsPreHandler(services.messageLimits, services.violations);

  // ask and edit share one contract in the route table; the route says which rules place the turn.
  const send = (route: SendRoute) => async (request: RouteRequest<'ask'>, reply: FastifyReply) => {
    const userId = authUser(request).id;
    const started = await startTurn(ctx, userId, request.params.endpoint, request.body, route).catch(
      async (error: unknown) => {
        // Asking for a model that is not offered is a violation (docs/reference/accounts.md (Bans)).
        if (isIllegalModelError(error)) {
          await services.violations.record('illegalModel', { ip: normalizeIP(request.ip), userId });
        }
        throw error;
      },
    );
    const shape = wantsDeltas(request) ? undefined : wholeTextFrames(started.conversationId, started.reply);
    await pipeJobToResponse(ctx.jobs, started.jobId, reply, { shape });
    return reply;
  };
  // A send refused before its stream: a status and JSON for Parley's web app; for a client without deltas, the
  // error reply in a stream, which is what it renders (a 401 stays a 401: every client refreshes and retries on it).
  const refuse = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = errorAnswer(error, request);
    if (wantsDeltas(request) || answer.status === 401) {
      void reply.status(answer.status).headers(answer.headers).send(answer.body);
      return;
    }
    const { endpoint } = request.params as { endpoint?: string };
    const sender = refusedReplySender(ctx, endpoint ?? '', request.body);
    streamRefusal(reply, refusalEvent(answer, request.body, sender));
  };
  addRoute(app, 'ask', { preValidation: [messageLimits], errorHandler: refuse, handler: send('ask') });
  addRoute(app, 'edit', { preValidation: [messageLimits], errorHandler: refuse, handler: send('edit') });

  const abort = async (request: RouteRequest<'abort'>, reply: FastifyReply) => {
    const final = await abortConversationJob(ctx, authUser(request).id, request.body.abortKey);
    if (!final) return reply.code(204).send();
    return final;
  };
  addRoute(app, 'abort', { handler: abort });
  addRoute(app, 'abortEdit', { handler: abort });

  addRoute(app, 'resumeStream', {
    handler: async (request, reply) => {
      const header = request.headers['last-event-id'];
      const lastEventId = typeof header === 'string' && header ? header : undefined;
      const jobId = await activeJobOf(ctx, authUser(request).id, request.params.conversationId);
      await pipeJobToResponse(ctx.jobs, jobId, reply, { after: request.query.after ?? lastEventId });
      return reply;
    },
  });

  addSyncFeedRoute(app, ctx);

  addRoute(app, 'generateTitle', {
    handler: async (request) => waitForTitle(ctx, authUser(request).id, request.body.conversationId),
  });
};
