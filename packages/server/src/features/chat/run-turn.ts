import type { ChatStreamError } from '@parley/shared';
import { getUserConversation, toConversation } from '../conversations/conversations.service';
import { retryWhileUnavailable } from '../../lib/unavailable';
import { createDeltaCoalescer } from '../generation/delta-coalescer';
import type { Emit } from '../generation/run-job';
import type { ChatContext } from './chat-context';
import type { Turn } from './chat-turn';
import { createReplyWriter } from './reply-writer';
import { generateTitleInBackground } from './titles.service';
import { turnHistory } from './turn-history';

interface StreamResult {
  finishReason: string | null;
  failure: unknown;
}

/** Streams the provider's reply into the writer and the coalescer; a failure is answered, never thrown. */
async function streamReply(
  ctx: ChatContext,
  turn: Turn,
  signal: AbortSignal,
  onText: (delta: string) => void,
): Promise<StreamResult> {
  let finishReason: string | null = null;
  try {
    const history = await turnHistory(ctx, turn);
    const prompt = ctx.registry.buildPrompt(turn.endpoint, { ...turn.options, history });
    for await (const part of turn.streamer({ prompt, settings: turn.settings, signal })) {
      if (part.type === 'text') onText(part.text);
      else finishReason = part.finishReason;
    }
    return { finishReason, failure: null };
  } catch (error) {
    return { finishReason, failure: error };
  }
}

/**
 * The generation job of one turn (docs/architecture.md (Chat pipeline)): `created` with the request message, text
 * deltas through the coalescer while the reply is persisted, then `final` with the saved messages, or on a provider
 * failure an `event: error` whose text is the JSON of docs/reference/chat.md (Send errors)
 * (`{"type":"invalid_api_key"}`, ...) after saving the partial reply marked as an error. An abort saves the partial as
 * unfinished and still ends with `final`.
 */
export async function runTurn(ctx: ChatContext, turn: Turn, emit: Emit, signal: AbortSignal): Promise<void> {
  const db = ctx.deps.database.db;
  const { messageId } = turn.reply;
  emit({ event: 'message', data: { created: true, message: turn.requestMessage } });
  const writer = createReplyWriter(db, ctx.partialSaves, turn, ctx.logError);
  await writer.start();
  // Only the first delta names the reply; a follower joining later is told by pipeJobToResponse.
  let named = false;
  const coalescer = createDeltaCoalescer({
    emit: (text) => {
      emit({ event: 'message', data: named ? { text } : { text, messageId } });
      named = true;
    },
  });
  const { finishReason, failure } = await streamReply(ctx, turn, signal, (delta) => {
    writer.append(delta);
    coalescer.push(delta);
  });
  coalescer.flush();
  const aborted = signal.aborted;
  const failed = failure !== null && !aborted;
  const hasNewText = writer.text !== turn.reply.baseText;
  const responseMessage = await writer.finish({
    error: failed,
    unfinished: aborted || (failed && hasNewText),
    finishReason: failed || aborted ? null : finishReason,
  });
  if (failed) {
    emit({ event: 'error', data: errorEvent(ctx, turn, failure) });
    return;
  }
  const saved = await retryWhileUnavailable(() => getUserConversation(db, turn.userId, turn.conversationId));
  const conversation = toConversation(saved);
  emit({
    event: 'message',
    data: { final: true, conversation, requestMessage: turn.requestMessage, responseMessage },
  });
  if (turn.isNewConversation && !aborted) {
    ctx.track(generateTitleInBackground(ctx, turn, responseMessage.text));
  }
}

/**
 * The `event: error` body: `text` is JSON with the mapped `type` the web translates
 * (docs/reference/chat.md (Send errors)).
 */
function errorEvent(ctx: ChatContext, turn: Turn, failure: unknown): ChatStreamError {
  const mapped = ctx.registry.mapProviderError(failure);
  const detail = mapped.code === 'upstream_error' || mapped.code === 'rate_limited';
  const body = {
    type: mapped.code,
    ...(mapped.status ? { status: mapped.status } : {}),
    ...(detail ? { message: mapped.message } : {}),
  };
  return {
    text: JSON.stringify(body),
    conversationId: turn.conversationId,
    messageId: turn.reply.messageId,
    parentMessageId: turn.reply.parentMessageId,
  };
}
