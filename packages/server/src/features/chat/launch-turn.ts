import { randomUUID } from 'node:crypto';
import type { AskPayload } from '@parley/shared';
import type { Db } from '../../db/database';
import { unavailableError } from '../../lib/unavailable';
import { holdForCall, withGiftRetry, type CallBilling } from '../balance/call-billing';
import { startJob } from '../generation/run-job';
import { acquireMessageSlot } from '../limits/message-slots';
import { callSize } from './call-size';
import type { ChatContext } from './chat-context';
import type { Turn, TurnReply } from './chat-turn';
import type { MessageFile } from './message-files';
import { errorReply, runTurn } from './run-turn';
import { announceReply } from './reply-sync';
import type { SendIntent } from './send-intent';
import { turnPromptTokens, type HistoryTurn } from './turn-history';
import { placeTurn } from './turn-placement.service';
import { temporaryChatExpiry } from '../conversations/temporary-chats';

/** A started turn: the job to follow, and where its reply goes (for the frames of clients without deltas). */
export interface StartedTurn {
  jobId: string;
  conversationId: string;
  reply: TurnReply;
}

/** A checked send, ready to be placed and run: what a turn is, before its messages are written. */
export type PreparedTurn = Pick<
  Turn,
  | 'userId'
  | 'endpoint'
  | 'model'
  | 'credentials'
  | 'streamer'
  | 'settings'
  | 'sender'
  | 'tools'
  | 'agent'
  | 'modelEndpoint'
  | 'instructions'
  | 'onEnd'
> & {
  endpointType: string | null;
  options: Turn['options'] & { model: string };
  files: MessageFile[];
  readsImages: boolean;
  intent: SendIntent;
  payload: AskPayload;
  text: string;
  /** Called once the turn is placed, before its job starts (an assistant's run row is written here). */
  onPlaced?: (turn: Turn) => Promise<void>;
  /** Called when the job starts running. */
  onStart?: () => Promise<void>;
  /** The reply is stopped this long after its job starts (an assistant's timeoutMs), as a Stop would stop it. */
  deadlineMs?: number;
};

/** Runs the job's work, stopped by the job's own signal or, when given, once `deadlineMs` have passed. */
async function runWithin<T>(
  prepared: PreparedTurn,
  signal: AbortSignal,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  await prepared.onStart?.();
  if (prepared.deadlineMs === undefined) return work(signal);
  const controller = new AbortController();
  const stop = () => controller.abort(signal.reason);
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(() => controller.abort(new Error('deadline')), prepared.deadlineMs);
  try {
    return await work(controller.signal);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}

// Statuses of a client that lost its connection (not one still making its first).
const REDIS_DOWN = new Set(['reconnecting', 'close', 'end']);
const redisIsDown = (ctx: ChatContext) => ctx.deps.redis !== null && REDIS_DOWN.has(ctx.deps.redis.status);

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
 * Places a checked send and starts its generation job (docs/architecture.md (Chat pipeline)): the concurrent-message
 * slot (429), then in one transaction the user message (saved before the provider is called) and the balance's hold
 * on the prompt it makes (402 `token_balance`, docs/reference/balance.md (A call)), whose refusal takes the message
 * back; then the job. Answers the job id to follow.
 */
export async function launchTurn(ctx: ChatContext, prepared: PreparedTurn): Promise<StartedTurn> {
  const { userId, endpoint, options, agent, settings, intent, payload, text, files } = prepared;
  // Without Redis the job cannot be registered: refuse now, before the user message is saved.
  if (redisIsDown(ctx)) throw unavailableError('redis');
  const release = await acquireMessageSlot(ctx.messageLimits, userId);
  let billing: CallBilling | null = null;
  try {
    const placeAndHold = () =>
      placeTurn(ctx.deps.database.db, {
        userId,
        endpoint,
        endpointType: prepared.endpointType,
        options,
        userSender: payload.userLabel ?? 'User',
        intent,
        payload,
        text,
        files,
        readsImages: prepared.readsImages,
        continues: !ctx.registry.keepsOwnThread(prepared.modelEndpoint ?? endpoint),
        ...(payload.isTemporary ? { expiredAt: temporaryChatExpiry(ctx.deps.config) } : {}),
        // A reply with tools starts with the agent's call, held at the agent model's price.
        hold: (trx, placed) =>
          holdTurn(ctx, trx, {
            ...placed,
            userId,
            endpoint,
            ...(prepared.modelEndpoint ? { modelEndpoint: prepared.modelEndpoint } : {}),
            model: agent?.model ?? prepared.model,
            options,
            settings: agent?.settings ?? settings,
          }),
      });
    const placement = await withGiftRetry(ctx.deps, userId, placeAndHold);
    billing = placement.billing;
    const turn: Turn = {
      ...placement,
      userId,
      endpoint,
      model: prepared.model,
      options,
      credentials: prepared.credentials,
      streamer: prepared.streamer,
      settings,
      sender: prepared.sender,
      tools: prepared.tools,
      agent,
      ...(prepared.modelEndpoint ? { modelEndpoint: prepared.modelEndpoint } : {}),
      ...(prepared.instructions ? { instructions: prepared.instructions } : {}),
      ...(prepared.onEnd ? { onEnd: prepared.onEnd } : {}),
    };
    await prepared.onPlaced?.(turn);
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
      run: (emit, signal) =>
        runWithin(prepared, signal, (within) => runTurn(ctx, turn, emit, within)).finally(() =>
          turn.billing?.release(),
        ),
      toErrorEvent: (error) => errorReply(turn, error instanceof Error ? error.message : String(error)),
      onError: (error) => ctx.logError(error, 'chat job event'),
    });
    // After the job exists, so a page told of it can follow it at once.
    const sync = {
      conversationId: turn.conversationId,
      requestMessageId: turn.reply.parentMessageId,
      responseMessageId: turn.reply.messageId,
      sender: prepared.sender,
      endpoint,
    };
    void announceReply(ctx, userId, { ...sync, state: 'started' });
    const ended = done.finally(() => {
      ctx.running.delete(jobId);
      void announceReply(ctx, userId, { ...sync, state: 'ended' });
      return release();
    });
    ctx.running.set(jobId, { userId, done: ended });
    ctx.track(ended);
    return { jobId, conversationId: turn.conversationId, reply: turn.reply };
  } catch (error) {
    await billing?.release();
    await release();
    throw error;
  }
}
