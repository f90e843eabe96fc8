import { randomUUID } from 'node:crypto';
import {
  conversationOptionsSchema,
  DEFAULT_SENDER_LABEL,
  FALLBACK_MODEL,
  FALLBACK_MODEL_LABEL,
  askPayloadSchema,
  type AskPayload,
  type ConversationOptions,
  type EndpointsConfig,
} from '@parley/shared';
import { acquireMessageSlot } from '../limits/message-slots';
import { holdForCall, withGiftRetry, type CallBilling } from '../balance/call-billing';
import { startJob } from '../generation/run-job';
import { unavailableError } from '../../lib/unavailable';
import type { Db } from '../../db/database';
import { promptTakesImages } from '../../providers/build-prompt';
import type { ChatContext } from './chat-context';
import { listedEndpoint, userCredentials } from './chat-credentials';
import { messageFilesOf } from './message-files';
import { callSize } from './call-size';
import { resolveTurnTools } from './turn-tools';
import type { Turn, TurnReply } from './chat-turn';
import { errorReply, runTurn } from './run-turn';
import { assertModelOffered } from './offered-model';
import { sendIntent, type SendRoute } from './send-intent';
import { turnPromptTokens, type HistoryTurn } from './turn-history';
import { emptyTextError, placeTurn } from './turn-placement.service';

/** A started turn: the job to follow, and where its reply goes (for the frames of clients without deltas). */
export interface StartedTurn {
  jobId: string;
  conversationId: string;
  reply: TurnReply;
}

// Statuses of a client that lost its connection (not one still making its first).
const REDIS_DOWN = new Set(['reconnecting', 'close', 'end']);
const redisIsDown = (ctx: ChatContext) => ctx.deps.redis !== null && REDIS_DOWN.has(ctx.deps.redis.status);

/**
 * The endpoint a send goes to: the path's. A LibreChat client posts a custom endpoint's sends to its type's path
 * (`/api/ask/custom`) and names the endpoint in the body (`endpoint: "Mistral"`, `endpointType: "custom"`): the body's
 * endpoint is taken when the path names no endpoint but that endpoint's type.
 */
function endpointOf(ctx: ChatContext, pathEndpoint: string, payload: AskPayload): string {
  const listed = ctx.registry.listEndpoints();
  if (listed[pathEndpoint]) return pathEndpoint;
  const named = payload.endpoint;
  if (named && listed[named]?.type === pathEndpoint) return named;
  return pathEndpoint;
}

/** The reply's sender label: the conversation's own label, else the endpoint's. */
function replySender(described: EndpointsConfig[string], options: ConversationOptions): string {
  return (
    options.modelLabel ??
    options.chatGptLabel ??
    described.modelDisplayLabel ??
    DEFAULT_SENDER_LABEL[described.type] ??
    FALLBACK_MODEL_LABEL
  );
}

/**
 * The sender label of a send's reply, for a send refused before it started: best effort from whatever body came
 * (it may be why the send was refused).
 */
export function refusedReplySender(ctx: ChatContext, pathEndpoint: string, body: unknown): string {
  const payload = askPayloadSchema.safeParse(body);
  if (!payload.success) return FALLBACK_MODEL_LABEL;
  const described = ctx.registry.listEndpoints()[endpointOf(ctx, pathEndpoint, payload.data)];
  return described ? replySender(described, payload.data) : FALLBACK_MODEL_LABEL;
}

/** The balance's hold of a placed turn, in the transaction that placed it; null while CHECK_BALANCE is off. */
async function holdTurn(ctx: ChatContext, trx: Db, turn: HistoryTurn): Promise<CallBilling | null> {
  if (!ctx.deps.config.app.checkBalance) return null;
  const promptTokens = await turnPromptTokens(trx, ctx, turn);
  return holdForCall(
    ctx.deps,
    trx,
    turn.userId,
    turn.model,
    callSize(turn.model, turn.settings, promptTokens),
  );
}

/**
 * Validates and places a send, then starts its generation job; answers the job id to follow. In order: the
 * payload and endpoint (400), the user's key for userProvide endpoints (403 with the keys feature's JSON), the
 * model (403 `illegal_model_request` when the endpoint does not offer it), the option ranges (400), the attached files (400; images for a model that cannot read them too), the concurrent-message slot (429), the conversation (404 when not the user's), then in
 * one transaction the user message (saved before the provider is called) and the balance's hold on the prompt it
 * makes (402 `token_balance`, docs/reference/balance.md (A call)), whose refusal takes the message back. Everything
 * that can be refused is refused before the stream.
 */
export async function startTurn(
  ctx: ChatContext,
  userId: string,
  pathEndpoint: string,
  payload: AskPayload,
  route: SendRoute,
): Promise<StartedTurn> {
  const intent = sendIntent(route, payload);
  const text = payload.text.trim();
  if (intent.kind === 'ask' && !text) throw emptyTextError();
  const endpoint = endpointOf(ctx, pathEndpoint, payload);
  const described = listedEndpoint(ctx, endpoint);
  const credentials = await userCredentials(ctx, userId, endpoint);
  assertModelOffered(ctx, endpoint, payload.model);
  const entry = ctx.registry.getEndpoint(endpoint);
  const model = payload.model ?? entry?.models.default[0] ?? FALLBACK_MODEL;
  const options = { ...conversationOptionsSchema.parse(payload), model };
  const settings = ctx.registry.callSettings(endpoint, options);
  const streamer = ctx.registry.replyStreamer(endpoint, model, credentials);
  // A regenerate or a branch answers a saved message whose files were checked when it was sent.
  const checkFiles = intent.kind === 'ask' || intent.kind === 'edit';
  const files = checkFiles
    ? await messageFilesOf(ctx.deps, userId, entry, endpoint, model, payload.files)
    : [];
  const { tools, agent } = await resolveTurnTools(ctx, userId, endpoint, entry, options, credentials);

  // Without Redis the job cannot be registered: refuse now, before the user message is saved.
  if (redisIsDown(ctx)) throw unavailableError('redis');
  const release = await acquireMessageSlot(ctx.messageLimits, userId);
  let billing: CallBilling | null = null;
  try {
    const placeAndHold = () =>
      placeTurn(ctx.deps.database.db, {
        userId,
        endpoint,
        endpointType: described.type === endpoint ? null : described.type,
        options,
        userSender: payload.userLabel ?? 'User',
        intent,
        payload,
        text,
        files,
        readsImages: entry !== undefined && promptTakesImages(entry, model),
        // A reply with tools starts with the agent's call, held at the agent model's price.
        hold: (trx, placed) =>
          holdTurn(ctx, trx, {
            ...placed,
            userId,
            endpoint,
            model: agent?.model ?? model,
            options,
            settings: agent?.settings ?? settings,
          }),
      });
    const placement = await withGiftRetry(ctx.deps, userId, placeAndHold);
    billing = placement.billing;
    const sender = replySender(described, options);
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
      tools,
      agent,
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
      // A job that ended without settling (it threw before its stream ended) gives the hold back.
      run: (emit, signal) => runTurn(ctx, turn, emit, signal).finally(() => turn.billing?.release()),
      toErrorEvent: (error) => errorReply(turn, error instanceof Error ? error.message : String(error)),
      onError: (error) => ctx.logError(error, 'chat job event'),
    });
    const ended = done.finally(() => (ctx.running.delete(jobId), release()));
    ctx.running.set(jobId, { userId, done: ended });
    ctx.track(ended);
    return { jobId, conversationId: turn.conversationId, reply: turn.reply };
  } catch (error) {
    await billing?.release();
    await release();
    throw error;
  }
}
