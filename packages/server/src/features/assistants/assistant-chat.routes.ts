import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DELTA_FRAMES, STREAM_FRAMES_HEADER, type AssistantChatPayload } from '@parley/shared';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { errorAnswer } from '../../lib/error-handler';
import { authUser, requireAuth } from '../auth/auth.guard';
import type { SendRoute } from '../chat/send-intent';
import { refusalEvent, streamRefusal } from '../chat/refusal-stream';
import { pipeJobToResponse } from '../generation/run-job';
import { messageLimitsPreHandler } from '../limits/message-limits';
import { assistantFrames } from './assistant-frames';
import { abortAssistantRun, ASSISTANT_SENDER_FALLBACK, startAssistantTurn } from './assistant-chat.service';

const wantsDeltas = (request: FastifyRequest) => request.headers[STREAM_FRAMES_HEADER] === DELTA_FRAMES;

/**
 * Chatting with an assistant (docs/reference/assistants.md (Chatting with an assistant)): LibreChat's paths, the
 * chat pipeline's jobs and frames, and a run per turn.
 */
export const assistantChatRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const ctx = services.chat;
  const assistants = { deps, registry: services.registry, tools: services.tools };
  app.addHook('preValidation', requireAuth(deps, services));
  const messageLimits = messageLimitsPreHandler(services.messageLimits, services.violations);

  const send = (route: SendRoute) => async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as AssistantChatPayload;
    const userId = authUser(request).id;
    const started = await startAssistantTurn(ctx, assistants, services.assistantRuntime, userId, body, route);
    const shape = wantsDeltas(request)
      ? undefined
      : assistantFrames(started.conversationId, started.reply, started.threadId);
    await pipeJobToResponse(ctx.jobs, started.jobId, reply, { shape });
    return reply;
  };
  // As on the ask path: a status and JSON for Parley's web app, the error reply in a stream for LibreChat's client.
  const refuse = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = errorAnswer(error, request);
    if (wantsDeltas(request) || answer.status === 401) {
      void reply.status(answer.status).headers(answer.headers).send(answer.body);
      return;
    }
    streamRefusal(reply, refusalEvent(answer, request.body, ASSISTANT_SENDER_FALLBACK));
  };
  addRoute(app, 'assistantChat', {
    preValidation: [messageLimits],
    errorHandler: refuse,
    handler: send('ask'),
  });
  addRoute(app, 'assistantChatModify', {
    preValidation: [messageLimits],
    errorHandler: refuse,
    handler: send('edit'),
  });
  addRoute(app, 'assistantChatAbort', {
    handler: async (request, reply) => {
      const final = await abortAssistantRun(ctx, assistants, authUser(request).id, request.body.abortKey);
      if (!final) return reply.code(204).send();
      return final;
    },
  });
};
