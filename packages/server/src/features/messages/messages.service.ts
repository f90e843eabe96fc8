import { MESSAGE_ERRORS, type ContentPart, type Message } from '@parley/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { dropNulls } from '../../lib/drop-nulls';
import { countTokens } from '../../lib/tokens';
import { getUserConversation } from '../conversations/conversations.service';
import * as repo from './messages.repository';
import type { MessageRow } from './messages.table';

const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

/** The API shape of a message row (shared `messageSchema`); a null column is left out. */
export function toMessage(row: MessageRow): Message {
  const files = parseJson<Message['files']>(row.files);
  return dropNulls({
    messageId: row.message_id,
    conversationId: row.conversation_id,
    parentMessageId: row.parent_message_id,
    sender: row.sender,
    text: row.text,
    content: parseJson<ContentPart[]>(row.content),
    isCreatedByUser: row.is_created_by_user === 1,
    model: row.model,
    endpoint: row.endpoint,
    error: row.error === 1,
    unfinished: row.unfinished === 1,
    isEdited: row.is_edited === 1,
    finish_reason: row.finish_reason,
    tokenCount: row.token_count,
    files,
    thread_id: row.thread_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

/** Every message of the user's conversation, all branches, oldest first; 'new' has none; 404 when not theirs. */
export async function listUserMessages(db: Db, userId: string, conversationId: string): Promise<Message[]> {
  if (conversationId === 'new') return [];
  await getUserConversation(db, userId, conversationId);
  return (await repo.listConversationMessages(db, userId, conversationId)).map(toMessage);
}

export interface EditMessageInput {
  text: string;
  model?: string | null | undefined;
  conversationId?: string | null | undefined;
}

/**
 * Edits a message's text in place (docs/reference/messages.md (Editing a message in place)): its token count is
 * recounted and it is marked edited. The URL names the conversation; a body may leave conversationId out (the
 * LibreChat client sends only the text), but one that names another conversation is refused. 404 when not the
 * user's.
 */
export async function editUserMessage(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
  input: EditMessageInput,
): Promise<Message> {
  if (input.conversationId != null && input.conversationId !== conversationId) {
    throw new AppError('VALIDATION', MESSAGE_ERRORS.conversationIdMismatch, { field: 'conversationId' });
  }
  const row = await repo.editMessage(db, userId, conversationId, messageId, {
    text: input.text,
    tokenCount: countTokens(input.text),
    model: input.model ?? null,
    updatedAt: nowIso(),
  });
  if (!row) throw new AppError('NOT_FOUND', MESSAGE_ERRORS.messageNotFound);
  return toMessage(row);
}
