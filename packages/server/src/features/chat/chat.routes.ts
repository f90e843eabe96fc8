import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { abortPayloadSchema, API, askPayloadSchema, genTitlePayloadSchema } from '@parley/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { parseInput } from '../../lib/validate';
import { authUser, requireAuth } from '../auth/auth.guard';
import { pipeJobToResponse } from '../generation/run-job';
import { messageLimitsPreHandler } from '../limits/message-limits';
import { createChatContext } from './chat-context';
import { abortConversationJob, activeJobOf } from './chat-jobs.service';
import { startTurn, type SendRoute } from './start-turn.service';
import { waitForTitle } from './titles.service';

const endpointParams = z.object({ endpoint: z.string().min(1) });
const streamParams = z.object({ conversationId: z.string().min(1) });
const streamQuery = z.object({ after: z.string().min(1).optional() });

/**
 * Chat (docs/reference/chat.md (The ask call); docs/architecture.md (Chat pipeline)): send, abort, resume, and the
 * generated title.
 */
export const chatRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const ctx = createChatContext(deps, randomUUID(), (error, what) => app.log.error({ err: error }, what));
  // preClose, before Fastify waits for requests in flight: a streaming reply is one, and ends only when its job
  // stops. onClose then closes the job store.
  app.addHook('preClose', () => ctx.stopJobs());
  app.addHook('onClose', () => ctx.close());
  app.addHook('preHandler', requireAuth(deps));
  const messageLimits = messageLimitsPreHandler(deps);

  const send = (route: SendRoute) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { endpoint } = parseInput(endpointParams, request.params, 'params');
    const payload = parseInput(askPayloadSchema, request.body);
    const jobId = await startTurn(ctx, authUser(request).id, endpoint, payload, route);
    await pipeJobToResponse(ctx.jobs, jobId, reply);
  };
  app.post(`${API.ask}/:endpoint`, { preHandler: messageLimits }, send('ask'));
  app.post(`${API.edit}/:endpoint`, { preHandler: messageLimits }, send('edit'));

  app.post(`${API.ask}/:endpoint/abort`, async (request, reply) => {
    const { abortKey } = parseInput(abortPayloadSchema, request.body);
    const final = await abortConversationJob(ctx, authUser(request).id, abortKey);
    if (!final) return reply.code(204).send();
    return final;
  });

  app.get(`${API.askStream}/:conversationId`, async (request, reply) => {
    const { conversationId } = parseInput(streamParams, request.params, 'params');
    const { after } = parseInput(streamQuery, request.query, 'query');
    const header = request.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && header ? header : undefined;
    const jobId = await activeJobOf(ctx, authUser(request).id, conversationId);
    await pipeJobToResponse(ctx.jobs, jobId, reply, { after: after ?? lastEventId });
  });

  app.post(API.convosGenTitle, async (request) => {
    const { conversationId } = parseInput(genTitlePayloadSchema, request.body);
    return waitForTitle(ctx, authUser(request).id, conversationId);
  });
};
