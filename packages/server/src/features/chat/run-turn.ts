import { NIL_UUID, STOPPED_FINISH_REASON, type ChatStreamError, type Message } from '@parley/shared';
import { signMessageFiles } from '../files/file-url';
import {
  getUserConversation,
  mergeConversationOptions,
  toConversation,
} from '../conversations/conversations.service';
import { retryWhileUnavailable } from '../../lib/unavailable';
import { createDeltaCoalescer } from '../generation/delta-coalescer';
import type { Emit } from '../generation/run-job';
import type { ChatContext } from './chat-context';
import { promptOptions, servingEndpoint, type Turn } from './chat-turn';
import { dropsSetting, type ModelCallSettings } from '../../providers/call-settings';
import type {
  ServiceConversationFields,
  ServiceState,
  ServiceTurn,
  TokenUsage,
} from '../../providers/provider.types';
import type { PromptTurn } from '../../providers/build-prompt';
import { getMessage, readServiceState } from '../messages/messages.repository';
import { createReplyWriter } from './reply-writer';
import { generateTitleInBackground, titleFromQuestion } from './titles.service';
import { turnHistory } from './turn-history';
import { streamToolSteps } from './tool-steps';

interface StreamResult {
  finishReason: string | null;
  usage: TokenUsage | undefined;
  failure: unknown;
  /** The text of the last model call alone, when the reply made several (tool steps); else all it added. */
  lastCallText?: string;
}

/** Streams the provider's reply into the writer and the coalescer; a failure is answered, never thrown. */
async function streamReply(
  ctx: ChatContext,
  turn: Turn,
  signal: AbortSignal,
  onText: (delta: string) => void,
  onServiceState: (state: ServiceState, shown: ServiceConversationFields | undefined) => void,
): Promise<StreamResult> {
  let finishReason: string | null = null;
  let usage: TokenUsage | undefined;
  try {
    const history = await turnHistory(ctx, turn);
    const prompt = ctx.registry.buildPrompt(servingEndpoint(turn), { ...promptOptions(turn), history });
    const settings = cappedSettings(ctx, turn);
    const service = await serviceTurn(ctx, turn, history);
    for await (const part of turn.streamer({ prompt, settings, signal, ...(service ? { service } : {}) })) {
      // No tools are offered here yet, so no tool call can come.
      if (part.type === 'text') onText(part.text);
      else if (part.type === 'finish') ({ finishReason, usage } = part);
      else if (part.type === 'service-state') onServiceState(part.state, part.shown);
    }
    return { finishReason, usage, failure: null };
  } catch (error) {
    return { finishReason, usage, failure: error };
  }
}

/**
 * For a service that keeps its own thread, the question and the thread of the reply it answers (threadAbove); a
 * regenerate or a branch answers the same reply, so it continues the service's thread from the same place. With no
 * thread above it (the root, replies of other endpoints only) the service starts a new one.
 */
async function serviceTurn(
  ctx: ChatContext,
  turn: Turn,
  history: readonly PromptTurn[],
): Promise<ServiceTurn | null> {
  if (!ctx.registry.keepsOwnThread(servingEndpoint(turn))) return null;
  const question = turn.requestMessage;
  const { toneStyle, jailbreak, context, systemMessage } = turn.options;
  return {
    questionId: question.messageId,
    question: question.text,
    state: await threadAbove(ctx, turn.userId, question.parentMessageId),
    options: { model: turn.model, toneStyle, jailbreak, context, systemMessage },
    // The history ends with the question itself, which the service gets on its own.
    history: history.slice(0, -1).map((h) => ({ role: h.role, text: h.content })),
  };
}

/** How far up a question's path a thread is looked for (each step is one read). */
const THREAD_SEARCH_STEPS = 20;

/**
 * The thread kept by the nearest reply above a question: its parent's, or, past replies that kept none (failed,
 * cut or stopped before the service named its ids) and their questions, an earlier reply's. Null at the root.
 */
async function threadAbove(ctx: ChatContext, userId: string, parentId: string): Promise<ServiceState | null> {
  let id = parentId;
  for (let step = 0; step < THREAD_SEARCH_STEPS && id !== NIL_UUID; step += 1) {
    const message = await getMessage(ctx.deps.database.db, userId, id);
    if (!message) return null;
    const state = readServiceState(message);
    if (state) return state;
    id = message.parent_message_id;
  }
  return null;
}

/**
 * The call's settings with the reply cut to what the balance's hold pays for (docs/reference/balance.md (A call)):
 * the provider is asked for no more tokens than were held, unless the operator's custom endpoint drops the max-tokens
 * parameter (its upstream refuses it); the settlement never charges more than the hold either way.
 */
function cappedSettings(ctx: ChatContext, turn: Turn, base = turn.settings): ModelCallSettings {
  const cap = turn.billing?.maxOutputTokens ?? null;
  const entry = ctx.registry.getEndpoint(servingEndpoint(turn));
  if (cap === null || (entry && dropsSetting(entry, 'maxOutputTokens'))) return base;
  return { ...base, maxOutputTokens: Math.min(cap, base.maxOutputTokens ?? cap) };
}

/**
 * The generation job of one turn (docs/architecture.md (Chat pipeline)): `created` with the request message, text
 * deltas through the coalescer while the reply is persisted, then `final` with the saved messages, or on a provider
 * failure an `event: error` whose text is the JSON of docs/reference/chat.md (Send errors)
 * (`{"type":"invalid_api_key"}`, ...) after saving the partial reply marked as an error. An abort saves the partial as
 * unfinished (finish_reason `incomplete`: the user stopped it) and still ends with `final`; a stopped first reply
 * titles its chat with the question (titleFromQuestion) rather than calling the title model.
 */
export async function runTurn(ctx: ChatContext, turn: Turn, emit: Emit, signal: AbortSignal): Promise<void> {
  const db = ctx.deps.database.db;
  const { messageId } = turn.reply;
  // Files' paths are signed as the events are made (docs/reference/files.md (Reading a file)).
  const signed = (message: Message) => signMessageFiles(ctx.deps.config, turn.userId, message);
  emit({ kind: 'created', data: { created: true, message: signed(turn.requestMessage) } });
  const writer = createReplyWriter(db, ctx.partialSaves, turn, ctx.logError);
  await writer.start();
  // Only the first delta names the reply; a follower joining later is told by pipeJobToResponse.
  let named = false;
  const coalescer = createDeltaCoalescer({
    emit: (text) => {
      emit({ kind: 'text', data: named ? { text } : { text, messageId } });
      named = true;
    },
  });
  // What a service's thread shows on the conversation (bingAI's ids), written before the final event reads it.
  let shown: ServiceConversationFields | undefined;
  const onText = (delta: string) => {
    writer.append(delta);
    coalescer.push(delta);
  };
  const { finishReason, usage, failure, lastCallText } =
    turn.tools.length === 0
      ? await streamReply(ctx, turn, signal, onText, (state, fields) => {
          writer.setServiceState(state);
          shown = fields;
        })
      : await streamToolSteps(ctx, turn, signal, (base) => cappedSettings(ctx, turn, base), {
          onText,
          onPart: (index, part) => {
            // Text written before the part goes out before it.
            coalescer.flush();
            emit({ kind: 'part', data: { ...part, index, messageId, conversationId: turn.conversationId } });
          },
          onStepEnd: (parts) => writer.saveStep(parts),
        }).then((result) => (writer.setContent(result.parts), result));
  coalescer.flush();
  const aborted = signal.aborted;
  const failed = failure !== null && !aborted;
  // A failed reply that holds text (new, or a continue's earlier text) stays unfinished, so it can be continued;
  // one without text is only the error (docs/decisions.md, "A failure mid-stream keeps the partial reply").
  const hasText = writer.text !== '';
  const responseMessage = await writer.finish({
    error: failed,
    unfinished: aborted || (failed && hasText),
    // A stopped reply says so (and keeps saying so after a reload); one that broke off has none.
    finishReason: aborted ? STOPPED_FINISH_REASON : failed ? null : finishReason,
  });
  // Settled once the reply is saved, before the final event, so a balance fetched on `final` shows the charge
  // (docs/reference/balance.md (What a call costs)).
  await turn.billing?.settle({
    completed: !failed && !aborted,
    newText: lastCallText ?? writer.text.slice(turn.reply.baseText.length),
    ...(usage ? { usage } : {}),
    messageId,
  });
  if (failed) {
    await turn.onEnd?.({ status: 'failed', error: failure, responseMessage });
    emit({ kind: 'error', data: errorEvent(ctx, turn, failure) });
    return;
  }
  const ended = await turn.onEnd?.({ status: aborted ? 'stopped' : 'completed', responseMessage });
  // A stopped first reply still titles its chat, from the question, before the final event shows the conversation.
  if (turn.isNewConversation && aborted) await titleFromQuestion(ctx, turn);
  if (shown && !aborted) await mergeConversationOptions(db, turn.userId, turn.conversationId, shown);
  const saved = await retryWhileUnavailable(() => getUserConversation(db, turn.userId, turn.conversationId));
  const conversation = toConversation(saved);
  emit({
    kind: 'final',
    data: {
      final: true,
      conversation,
      requestMessage: signed(turn.requestMessage),
      responseMessage: signed(responseMessage),
      ...ended,
    },
  });
  if (turn.isNewConversation && !aborted) {
    ctx.track(generateTitleInBackground(ctx, turn, responseMessage.text));
  }
}

/**
 * The `event: error` body: the error reply as a message (a client shows it as one), whose `text` is JSON with the
 * mapped `type` the web translates, the HTTP status and the provider's own words (`message`), which the web keeps
 * as a detail under its translated headline (docs/reference/chat.md (Send errors)). A refused key's words are left
 * out: they may quote part of the key, and on an operator's endpoint that key is not the user's.
 */
function errorEvent(ctx: ChatContext, turn: Turn, failure: unknown): ChatStreamError {
  const mapped = ctx.registry.mapProviderError(failure);
  const detail = mapped.code !== 'invalid_api_key' && mapped.message !== '';
  const body = {
    type: mapped.code,
    ...(mapped.status ? { status: mapped.status } : {}),
    ...(detail ? { message: mapped.message } : {}),
  };
  return errorReply(turn, JSON.stringify(body));
}

/** The turn's reply as an error message with `text`: the body of its `event: error` (a client shows it so). */
export function errorReply(
  turn: Pick<Turn, 'sender' | 'conversationId' | 'reply'>,
  text: string,
): ChatStreamError {
  return {
    text,
    sender: turn.sender,
    isCreatedByUser: false,
    error: true,
    conversationId: turn.conversationId,
    messageId: turn.reply.messageId,
    parentMessageId: turn.reply.parentMessageId,
  };
}
