import { randomUUID } from 'node:crypto';
import {
  conversationOptionsSchema,
  DEFAULT_SENDER_LABEL,
  FALLBACK_MODEL,
  FALLBACK_MODEL_LABEL,
  type AskPayload,
} from '@parley/shared';
import { acquireMessageSlot } from '../limits/message-slots';
import { startJob } from '../generation/run-job';
import { unavailableError } from '../../lib/unavailable';
import type { ChatContext } from './chat-context';
import { listedEndpoint, userCredentials } from './chat-credentials';
import { messageFilesOf } from './message-files';
import type { Turn, TurnAction } from './chat-turn';
import { runTurn } from './run-turn';
import { emptyTextError, placeTurn } from './turn-placement.service';

/** Which route the send came through: `/api/ask/{endpoint}` or `/api/edit/{endpoint}`. */
export type SendRoute = 'ask' | 'edit';

// Statuses of a client that lost its connection (not one still making its first).
const REDIS_DOWN = new Set(['reconnecting', 'close', 'end']);
const redisIsDown = (ctx: ChatContext) => ctx.deps.redis !== null && REDIS_DOWN.has(ctx.deps.redis.status);

function actionOf(route: SendRoute, payload: AskPayload): TurnAction {
  if (route === 'ask') return 'ask';
  if (payload.isRegenerate) return 'regenerate';
  if (payload.isContinued || (payload.isEdited && payload.editedMessageId)) return 'continue';
  return 'ask';
}

/**
 * Validates and places a send, then starts its generation job; answers the job id to follow. In order: the
 * payload and endpoint (400), the user's key for userProvide endpoints (403 with the keys feature's JSON), the
 * option ranges (400), the attached files (400), the concurrent-message slot (429), the conversation (404 when
 * not the user's), the user message (saved before the provider is called). Everything that can be refused is
 * refused before the stream.
 */
export async function startTurn(
  ctx: ChatContext,
  userId: string,
  endpoint: string,
  payload: AskPayload,
  route: SendRoute,
): Promise<string> {
  const action = actionOf(route, payload);
  const text = payload.text.trim();
  if (action === 'ask' && !text) throw emptyTextError();
  const described = listedEndpoint(ctx, endpoint);
  const credentials = await userCredentials(ctx, userId, endpoint);
  const entry = ctx.registry.getEndpoint(endpoint);
  const model = payload.model ?? entry?.models.default[0] ?? FALLBACK_MODEL;
  const options = { ...conversationOptionsSchema.parse(payload), model };
  const settings = ctx.registry.callSettings(endpoint, options);
  const streamer = ctx.registry.replyStreamer(endpoint, model, credentials);
  // A regenerate answers a saved message whose files were checked when it was sent.
  const files =
    action === 'regenerate' ? [] : await messageFilesOf(ctx.deps, userId, endpoint, model, payload.files);

  // Without Redis the job cannot be registered: refuse now, before the user message is saved.
  if (redisIsDown(ctx)) throw unavailableError('redis');
  const release = await acquireMessageSlot(ctx.messageLimits, userId);
  try {
    const placement = await placeTurn(ctx.deps.database.db, {
      userId,
      endpoint,
      endpointType: described.type === endpoint ? null : described.type,
      options,
      userSender: payload.userLabel ?? 'User',
      action,
      payload,
      text,
      files,
    });
    const sender =
      options.modelLabel ??
      options.chatGptLabel ??
      described.modelDisplayLabel ??
      DEFAULT_SENDER_LABEL[described.type] ??
      FALLBACK_MODEL_LABEL;
    const turn: Turn = {
      ...placement,
      userId,
      endpoint,
      model,
      options,
      credentials,
      streamer,
      settings,
      sender,
    };
    const jobId = randomUUID();
    const meta = {
      userId,
      conversationId: turn.conversationId,
      ownerInstance: ctx.instanceId,
      messageId: turn.reply.messageId,
    };
    const { done } = await startJob(ctx.jobs, {
      jobId,
      meta,
      run: (emit, signal) => runTurn(ctx, turn, emit, signal),
      onError: (error) => ctx.logError(error, 'chat job event'),
    });
    ctx.running.add(jobId);
    ctx.track(done.finally(() => (ctx.running.delete(jobId), release())));
    return jobId;
  } catch (error) {
    await release();
    throw error;
  }
}
