import { randomBytes } from 'node:crypto';
import {
  ASSISTANT_SENDER_FALLBACK,
  conversationOptionsSchema,
  type AssistantChatPayload,
  type ChatFinalEvent,
  type Message,
} from '@parley/shared';
import { ancestorPath } from '../messages/ancestor-path.repository';
import { toMessage } from '../messages/messages.service';
import { signMessageFiles } from '../files/file-url';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { abortConversationJob, conversationOfAbortKey } from '../chat/chat-jobs.service';
import type { ChatContext } from '../chat/chat-context';
import { userCredentials } from '../chat/chat-credentials';
import type { Turn, TurnOutcome } from '../chat/chat-turn';
import { launchTurn, type StartedTurn } from '../chat/launch-turn';
import { messageFilesOf } from '../chat/message-files';
import { sendIntent, type SendRoute } from '../chat/send-intent';
import { emptyTextError } from '../chat/turn-placement.service';
import { getUserConversation } from '../conversations/conversations.service';
import { promptTakesImages } from '../../providers/build-prompt';
import { findActionOAuthToken } from '../actions/action-oauth-tokens.repository';
import { createConsentGate } from './action-consent';
import { endpointForModel } from './assistant-models';
import { parseTools } from './assistant-record';
import { assistantTurnTools, type AssistantRuntime } from './assistant-turn-tools';
import * as repo from './assistants.repository';
import { assistantNotFound, assistantsSettings, type AssistantsContext } from './assistants.service';
import { toRun } from './run-record';
import * as runs from './runs.repository';

export { ASSISTANT_SENDER_FALLBACK };

const newThreadId = () => `thread_${randomBytes(18).toString('base64url').slice(0, 24)}`;
const newRunId = () => `run_${randomBytes(18).toString('base64url').slice(0, 24)}`;

/** The thread of the conversation the send goes to: its own, else a new one (a new conversation). */
async function threadOf(ctx: ChatContext, userId: string, payload: AssistantChatPayload): Promise<string> {
  const id = payload.conversationId;
  if (!id || id === 'new') return newThreadId();
  const row = await getUserConversation(ctx.deps.database.db, userId, id);
  const options = JSON.parse(row.options ?? '{}') as { thread_id?: string | null };
  return options.thread_id ?? newThreadId();
}

/**
 * Starts an assistant's turn (docs/reference/assistants.md (Chatting with an assistant)): the send is checked as any
 * other (text, files, keys of the endpoint serving the assistant's model, slots, balance), placed on the `assistants`
 * endpoint with the assistant and thread ids, and answered by the assistant's model with its instructions and tools.
 * The turn is a run: `queued` once placed, `in_progress` while it streams, then `completed`, `failed`, `cancelled`
 * (Stop) or `expired` (past the operator's timeoutMs); the final event carries it and `runMessages`.
 */
export async function startAssistantTurn(
  ctx: ChatContext,
  assistants: AssistantsContext,
  runtime: AssistantRuntime,
  userId: string,
  payload: AssistantChatPayload,
  route: SendRoute,
): Promise<StartedTurn & { threadId: string }> {
  const settings = assistantsSettings(assistants);
  const db = ctx.deps.database.db;
  const assistant = await repo.findUserAssistant(db, userId, payload.assistant_id);
  if (!assistant) throw assistantNotFound();
  const intent = sendIntent(route, payload);
  const text = payload.text.trim();
  if (intent.kind === 'ask' && !text) throw emptyTextError();
  // The endpoint that served the model when it was saved, if it still does; else whichever does now.
  const modelEndpoint =
    ctx.registry.getEndpoint(assistant.model_endpoint)?.models.default.includes(assistant.model) === true
      ? assistant.model_endpoint
      : endpointForModel(ctx.registry, assistant.model);
  if (!modelEndpoint)
    throw new AppError('VALIDATION', `The assistant's model ${assistant.model} is not offered any more`, {
      field: 'model',
    });
  const credentials = await userCredentials(ctx, userId, modelEndpoint);
  const entry = ctx.registry.getEndpoint(modelEndpoint);
  const model = assistant.model;
  const threadId = await threadOf(ctx, userId, payload);
  const options = {
    ...conversationOptionsSchema.parse(payload),
    endpoint: 'assistants',
    model,
    assistant_id: assistant.id,
    thread_id: threadId,
  };
  const callSettings = ctx.registry.callSettings(modelEndpoint, options);
  const streamer = ctx.registry.replyStreamer(modelEndpoint, model, credentials);
  const checkFiles = intent.kind === 'ask' || intent.kind === 'edit';
  const files = checkFiles
    ? await messageFilesOf(ctx.deps, userId, entry, 'assistants', model, payload.files)
    : [];
  const knowledge = JSON.parse(assistant.file_ids) as string[];
  const conversationId =
    payload.conversationId && payload.conversationId !== 'new' ? payload.conversationId : null;
  const runId = newRunId();
  const consent = createConsentGate({
    switchRun: (from, to) => runs.switchRun(db, runId, from, to),
    pollIntervalMs: settings.pollIntervalMs,
    hasTokens: async (actionId) => (await findActionOAuthToken(db, userId, actionId)) !== undefined,
    onError: (error) => ctx.logError(error, 'action OAuth token look-up'),
  });
  const tools = await assistantTurnTools(ctx, runtime, {
    userId,
    // A new conversation's id is known once placed; its sandbox session is keyed by the thread until then.
    conversationId: conversationId ?? threadId,
    settings,
    tools: parseTools(assistant),
    assistantId: assistant.id,
    fileIds: [...knowledge, ...files.map((f) => f.file_id)],
    knowledgeIds: knowledge,
    runId,
    consent,
  });
  const instructions = payload.instructions ?? assistant.instructions;
  let expiresAt = '';
  const onEnd = async (outcome: TurnOutcome): Promise<Partial<ChatFinalEvent>> => {
    const now = nowIso();
    const status =
      outcome.status === 'completed'
        ? 'completed'
        : outcome.status === 'failed'
          ? 'failed'
          : now >= expiresAt
            ? 'expired'
            : 'cancelled';
    const lastError =
      status === 'failed'
        ? {
            code: 'server_error',
            message: outcome.error instanceof Error ? outcome.error.message : 'The run failed',
          }
        : status === 'expired'
          ? { code: 'expired', message: `The run did not end within ${settings.timeoutMs} ms` }
          : null;
    const row = await runs.moveRun(db, runId, status, {
      ended_at: now,
      ...(lastError ? { last_error: JSON.stringify(lastError) } : {}),
    });
    return {
      ...(row ? { run: toRun(row) } : {}),
      ...(outcome.responseMessage ? { runMessages: await threadMessages(outcome.responseMessage) } : {}),
    };
  };
  // The thread as the reply ends it: its branch from the first message to the reply (LibreChat's clients show it).
  const threadMessages = async (reply: Message) => {
    const rows = await ancestorPath(
      db,
      userId,
      reply.conversationId,
      reply.messageId,
      Number.MAX_SAFE_INTEGER,
    );
    return rows.map((row) => signMessageFiles(ctx.deps.config, userId, toMessage(row)));
  };
  const started = await launchTurn(ctx, {
    userId,
    endpoint: 'assistants',
    endpointType: null,
    modelEndpoint,
    options,
    model,
    credentials,
    streamer,
    settings: callSettings,
    sender: assistant.name ?? ASSISTANT_SENDER_FALLBACK,
    files,
    readsImages: entry !== undefined && promptTakesImages(entry, model),
    tools,
    agent:
      tools.length > 0
        ? { kind: 'functions', model, streamer, settings: callSettings, skipCompletion: true }
        : null,
    instructions,
    deadlineMs: settings.timeoutMs,
    intent,
    payload,
    text,
    onPlaced: async (turn: Turn) => {
      const now = nowIso();
      await runs.expireStaleRuns(db, now);
      expiresAt = new Date(Date.parse(now) + settings.timeoutMs).toISOString();
      await runs.insertRun(db, {
        id: runId,
        user_id: userId,
        assistant_id: assistant.id,
        conversation_id: turn.conversationId,
        thread_id: threadId,
        request_message_id: turn.requestMessage.messageId,
        response_message_id: turn.reply.messageId,
        status: 'queued',
        model,
        instructions: instructions ?? null,
        last_error: null,
        created_at: now,
        started_at: null,
        expires_at: expiresAt,
        ended_at: null,
      });
    },
    onStart: async () => {
      await runs.moveRun(db, runId, 'in_progress', { started_at: nowIso() });
    },
    onEnd,
  });
  return { ...started, threadId };
}

/**
 * `POST /api/assistants/chat/abort`: the run goes `cancelling` at once, then `cancelled` when its job has saved the
 * partial reply; answers the final event (with the run), as the ask path's abort does.
 */
export async function abortAssistantRun(
  ctx: ChatContext,
  assistants: AssistantsContext,
  userId: string,
  abortKey: string,
): Promise<ChatFinalEvent | null> {
  assistantsSettings(assistants);
  const conversationId = conversationOfAbortKey(abortKey);
  const run = await runs.openRunOf(ctx.deps.database.db, userId, conversationId);
  if (run) await runs.moveRun(ctx.deps.database.db, run.id, 'cancelling');
  return abortConversationJob(ctx, userId, abortKey);
}
