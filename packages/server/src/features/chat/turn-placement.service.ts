import { randomUUID } from 'node:crypto';
import {
  MESSAGE_ERRORS,
  NIL_UUID,
  NO_VISION_MESSAGE,
  type AskPayload,
  type ContentPart,
  type ConversationOptions,
  type Message,
} from '@parley/shared';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/dialect-helpers';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { countTokens } from '../../lib/tokens';
import { getUserConversation, saveConversation } from '../conversations/conversations.service';
import { queueExpiry } from '../conversations/temporary-chats';
import * as messages from '../messages/messages.repository';
import type { MessageRow } from '../messages/messages.table';
import { toMessage } from '../messages/messages.service';
import type { TurnAction, TurnReply } from './chat-turn';
import type { CallBilling } from '../balance/call-billing';
import { isImage, type MessageFile } from './message-files';
import type { SendIntent } from './send-intent';

export interface PlaceInput {
  userId: string;
  endpoint: string;
  endpointType: string | null;
  options: ConversationOptions & { model: string };
  userSender: string;
  intent: SendIntent;
  payload: AskPayload;
  text: string;
  /** The checked files of a new message (message-files.ts); empty for none. */
  files: MessageFile[];
  /**
   * Whether the turn's model reads images. A new message's images were checked with its files; a regenerate, a
   * branch or a continued reply answers a saved question, whose images are checked here: refused (400) rather than
   * sent as text alone.
   */
  readsImages: boolean;
  /**
   * The balance's hold, taken last in the transaction that writes the turn, once the request's messages are in it
   * (the hold counts the prompt they make): a refusal rolls every write of the turn back.
   */
  hold: (trx: Db, placed: PlacedTurn) => Promise<CallBilling | null>;
  /** A temporary chat's deletion time, when the send asked for one (used only if it creates the conversation). */
  expiredAt?: string;
  /** False where the endpoint's service keeps its own thread: a continue (or an AI message edited) is refused. */
  continues: boolean;
}

/** A turn as written, before its hold: what the hold reads the prompt from. */
export type PlacedTurn = Omit<Placement, 'billing'>;

export interface Placement {
  action: TurnAction;
  conversationId: string;
  isNewConversation: boolean;
  requestMessage: Message;
  reply: TurnReply;
  historyLeafId: string;
  billing: CallBilling | null;
}

type Plan = Omit<Placement, 'conversationId' | 'isNewConversation' | 'requestMessage' | 'billing'> & {
  /** Writes the plan's message changes (in `trx`); runs after every check passed and the conversation is saved. */
  commit: (trx: Db) => Promise<Message>;
};

export const emptyTextError = () =>
  new AppError('VALIDATION', 'text: Message text is empty', { field: 'text' });

const notAQuestionError = () =>
  new AppError('VALIDATION', 'The message to answer again is not a user message', {
    field: 'overrideParentMessageId',
  });

/**
 * Checks where the turn goes and writes the request side: the conversation (created for null/'new', else it must
 * be the user's: 404), then the user message (ask), or the edited AI text (edit-and-continue). Every check runs
 * before the first write, so a refused turn leaves nothing behind; the conversation and the request message are
 * written in one transaction (one commit a turn instead of two, and a message refused at the last moment, e.g. an
 * id another user holds, does not leave an empty conversation behind), which ends with the balance's hold.
 */
export async function placeTurn(db: Db, input: PlaceInput): Promise<Placement> {
  const given = input.payload.conversationId;
  const existingId = given && given !== 'new' ? given : null;
  if (!existingId && input.intent.kind !== 'ask') {
    throw new AppError('VALIDATION', MESSAGE_ERRORS.conversationIdRequired, { field: 'conversationId' });
  }
  if (existingId) await getUserConversation(db, input.userId, existingId);
  const conversationId = existingId ?? randomUUID();
  const plan = await planFor(db, input, conversationId, existingId === null);
  if (plan.action === 'continue' && !input.continues) {
    throw new AppError('VALIDATION', `Replies of ${input.endpoint} cannot be continued`, {
      field: 'endpoint',
    });
  }
  const { endpoint, endpointType, options } = input;
  const { commit, ...rest } = plan;
  return withTransaction(db, async (trx) => {
    const expiredAt = existingId === null ? input.expiredAt : undefined;
    await saveConversation(trx, input.userId, {
      ...options,
      conversationId,
      endpoint,
      endpointType,
      ...(expiredAt ? { expiredAt } : {}),
    });
    if (expiredAt) await queueExpiry(trx, conversationId, expiredAt);
    const requestMessage = await commit(trx);
    const placed = { ...rest, conversationId, isNewConversation: existingId === null, requestMessage };
    return { ...placed, billing: await input.hold(trx, placed) };
  });
}

async function planFor(db: Db, input: PlaceInput, conversationId: string, isNew: boolean): Promise<Plan> {
  const { intent, userId } = input;
  switch (intent.kind) {
    case 'ask':
      return planAsk(db, input, conversationId, isNew);
    case 'regenerate': {
      const question = await questionIn(db, userId, conversationId, intent.questionId);
      checkSavedImages(input, question);
      return {
        action: 'regenerate',
        reply: newReply(await freeId(db, userId, input.payload.responseMessageId), question.message_id),
        historyLeafId: question.message_id,
        commit: async () => toMessage(question),
      };
    }
    case 'branch': {
      // A new sibling reply that starts from the given text; the writer saves it before the model is called, and
      // the model continues it as it would a saved reply.
      const question = await questionIn(db, userId, conversationId, intent.questionId);
      checkSavedImages(input, question);
      const messageId = randomUUID();
      return {
        action: 'continue',
        reply: { messageId, parentMessageId: question.message_id, baseText: intent.baseText, isEdited: true },
        historyLeafId: messageId,
        commit: async () => toMessage(question),
      };
    }
    case 'edit':
      return planEdit(db, input, intent, conversationId, isNew);
  }
}

/** A saved message edited and resubmitted: a user message asks again as a sibling; an AI message is continued. */
async function planEdit(
  db: Db,
  input: PlaceInput,
  intent: Extract<SendIntent, { kind: 'edit' }>,
  conversationId: string,
  isNew: boolean,
): Promise<Plan> {
  const { userId } = input;
  const target = await messageIn(db, userId, conversationId, intent.targetId);
  if (target.is_created_by_user === 1) return planAsk(db, input, conversationId, isNew);
  const request = await messageIn(db, userId, conversationId, target.parent_message_id);
  checkSavedImages(input, request);
  const edited = intent.editedText;
  return {
    action: 'continue',
    reply: {
      messageId: target.message_id,
      parentMessageId: request.message_id,
      baseText: edited ?? target.text,
      // Its tool steps stay, and a continue adds after them; an edited text replaces what the reply was.
      ...(edited === null && target.content
        ? { baseContent: JSON.parse(target.content) as ContentPart[] }
        : {}),
      isEdited: true,
    },
    historyLeafId: target.message_id,
    commit: async (trx) => {
      if (edited !== null) {
        const at = nowIso();
        await messages.editMessage(trx, userId, conversationId, target.message_id, {
          text: edited,
          tokenCount: countTokens(edited),
          updatedAt: at,
        });
      }
      return toMessage(request);
    },
  };
}

async function planAsk(db: Db, input: PlaceInput, conversationId: string, isNew: boolean): Promise<Plan> {
  const { payload, userId } = input;
  if (!input.text) throw emptyTextError();
  const parentId = isNew ? NIL_UUID : payload.parentMessageId;
  if (parentId !== NIL_UUID) await messageIn(db, userId, conversationId, parentId);
  const messageId = payload.messageId ?? randomUUID();
  if (await messages.getMessage(db, userId, messageId)) {
    throw new AppError('CONFLICT', 'messageId: a message with this id exists', { field: 'messageId' });
  }
  return {
    action: 'ask',
    reply: newReply(await freeId(db, userId, payload.responseMessageId, messageId), messageId),
    historyLeafId: messageId,
    commit: async (trx) => {
      const at = nowIso();
      const saved = await messages.saveMessage(trx, {
        message_id: messageId,
        conversation_id: conversationId,
        user_id: userId,
        parent_message_id: parentId,
        sender: input.userSender,
        text: input.text,
        is_created_by_user: 1,
        model: input.options.model,
        endpoint: input.endpoint,
        // An assistant conversation's messages carry its thread (docs/reference/assistants.md (Runs)).
        ...(input.options.thread_id ? { thread_id: input.options.thread_id } : {}),
        token_count: countTokens(input.text),
        files: input.files.length > 0 ? JSON.stringify(input.files) : null,
        created_at: at,
        updated_at: at,
      });
      if (!saved)
        throw new AppError('CONFLICT', 'messageId: a message with this id exists', { field: 'messageId' });
      return toMessage(saved);
    },
  };
}

const newReply = (messageId: string, parentMessageId: string): TurnReply => ({
  messageId,
  parentMessageId,
  baseText: '',
  isEdited: false,
});

/** The client's reply id when it names no message yet (and is not the request's own id), else a new one. */
async function freeId(
  db: Db,
  userId: string,
  wanted: string | null | undefined,
  taken?: string,
): Promise<string> {
  if (!wanted || wanted === taken || (await messages.getMessage(db, userId, wanted))) return randomUUID();
  return wanted;
}

/** Refuses (400, nothing written) to answer a saved question with images by a model that cannot read them. */
function checkSavedImages(input: PlaceInput, question: MessageRow): void {
  if (input.readsImages || !question.files) return;
  const files = JSON.parse(question.files) as MessageFile[];
  if (files.some((file) => isImage(file.type))) {
    throw new AppError('VALIDATION', NO_VISION_MESSAGE, { field: 'files' });
  }
}

/** The saved user message a regenerate or a branch answers (404 when not in the conversation, 400 when an AI's). */
async function questionIn(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<MessageRow> {
  const row = await messageIn(db, userId, conversationId, messageId);
  if (row.is_created_by_user !== 1) throw notAQuestionError();
  return row;
}

async function messageIn(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<MessageRow> {
  const row = await messages.getMessage(db, userId, messageId);
  if (!row || row.conversation_id !== conversationId)
    throw new AppError('NOT_FOUND', MESSAGE_ERRORS.messageNotFound);
  return row;
}
