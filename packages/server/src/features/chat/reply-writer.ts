import type { ContentPart, Message } from '@parley/shared';
import type { Db } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { countTokens } from '../../lib/tokens';
import { toolStepsText } from '../../providers/tool-history';
import { retryWhileUnavailable } from '../../lib/unavailable';
import { insertReplyRow, saveMessage } from '../messages/messages.repository';
import { toMessage } from '../messages/messages.service';
import type { Turn } from './chat-turn';
import type { ServiceState } from '../../providers/provider.types';
import type { PartialSaves } from './partial-saves';

export interface ReplyOutcome {
  error: boolean;
  unfinished: boolean;
  finishReason: string | null;
}

/**
 * Persists the reply of a turn: the row first (empty or, for a continue, the existing text, marked unfinished),
 * then the text so far with the app's batched partial saves (partial-saves.ts), then the full row once the outcome
 * is known, after any partial write in flight, so the final one is last.
 */
export function createReplyWriter(
  db: Db,
  partials: PartialSaves,
  turn: Turn,
  logError: (error: unknown, what: string) => void,
) {
  const { reply } = turn;
  let text = reply.baseText;
  // A reply that used tools keeps its parts (text and tool steps in order); a plain reply has none.
  let content: readonly ContentPart[] | null = null;
  let stepSaves: Promise<void> = Promise.resolve();
  // What a service that keeps its own thread answered for its next call; written with the final row.
  let serviceState: ServiceState | null = null;
  const currentText = () => text;
  const startedAt = nowIso();

  const row = (outcome: ReplyOutcome) => ({
    message_id: reply.messageId,
    conversation_id: turn.conversationId,
    user_id: turn.userId,
    parent_message_id: reply.parentMessageId,
    sender: turn.sender,
    text,
    is_created_by_user: 0,
    model: turn.model,
    endpoint: turn.endpoint,
    ...(turn.options?.thread_id ? { thread_id: turn.options.thread_id } : {}),
    error: outcome.error ? 1 : 0,
    unfinished: outcome.unfinished ? 1 : 0,
    is_edited: reply.isEdited ? 1 : 0,
    finish_reason: outcome.finishReason,
    // A reply's tool steps go back to the model in later turns, so the history budget counts them too.
    token_count: countTokens(text) + (content ? countTokens(toolStepsText(content)) : 0),
    ...(content ? { content: JSON.stringify(content) } : {}),
    ...(serviceState ? { service_state: JSON.stringify(serviceState) } : {}),
    created_at: startedAt,
    updated_at: nowIso(),
  });

  return {
    /** The whole reply text so far (for a continue: the old text plus the new). */
    get text() {
      return text;
    },
    /** Inserts (or, for a continue, re-marks) the reply row before the provider is called. */
    async start(): Promise<void> {
      const placeholder = row({ error: false, unfinished: true, finishReason: null });
      // A new reply's row has no text to index yet: a plain insert, where an upsert and its index were a third of
      // the database work of starting a turn.
      const saved =
        turn.action === 'continue'
          ? await saveMessage(db, placeholder)
          : await insertReplyRow(db, placeholder);
      if (!saved) throw new Error('The reply message could not be saved');
    },
    append(delta: string): void {
      text += delta;
      partials.touch(turn.userId, reply.messageId, currentText);
    },
    /**
     * Saves the reply as it stood after a tool step (its parts then, its text so far, still unfinished), after any partial
     * write in flight: a reload or a killed process keeps every finished step. It runs beside the next model call
     * instead of before it (a step's save is most of what Parley adds between two calls); saves run in order, and
     * the final one waits for them.
     */
    saveStep(parts: readonly ContentPart[]): void {
      // A copy: the caller's parts go on changing (the next call's text, its steps starting) before this is written,
      // and a step saved while it runs would show running for good after a killed process.
      content = structuredClone(parts);
      stepSaves = stepSaves
        .then(async () => {
          await partials.settle(reply.messageId);
          const saved = await retryWhileUnavailable(() =>
            saveMessage(db, row({ error: false, unfinished: true, finishReason: null })),
          );
          if (!saved) throw new Error('The reply message could not be saved');
        })
        .catch((error: unknown) => logError(error, 'tool step save'));
    },
    /** The service's thread after this reply (run-turn.ts, serviceTurn): the next question continues from it. */
    setServiceState(state: ServiceState): void {
      serviceState = state;
    },
    /** The reply's parts, when it used tools; kept by every later write. */
    setContent(parts: readonly ContentPart[]): void {
      content = parts;
    },
    /** Writes the final row (text, token count, flags) and answers it as the API shows it. */
    async finish(outcome: ReplyOutcome): Promise<Message> {
      await stepSaves;
      await partials.settle(reply.messageId);
      // The text is in memory: through a database restart, keep trying rather than lose the reply.
      const saved = await retryWhileUnavailable(() => saveMessage(db, row(outcome)), {
        onRetry: (error, attempt) => attempt === 1 && logError(error, 'final reply write (retrying)'),
      });
      if (!saved) throw new Error('The reply message could not be saved');
      return toMessage(saved);
    },
  };
}
