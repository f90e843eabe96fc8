import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/dialect-helpers';
import { indexDocument } from '../search/search-index.repository';
import type { MessageRow, NewMessageRow } from './messages.table';

// Every query names the user; the search document of a message is written in the same transaction as its row.

export function getMessage(db: Db, userId: string, messageId: string): Promise<MessageRow | undefined> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('user_id', '=', userId)
    .where('message_id', '=', messageId)
    .executeTakeFirst();
}

/**
 * What a reply of a service that keeps its own thread kept for the next call (migration 0031): its ids, or null
 * (no message, another endpoint's reply, or a value that is not an object of strings and numbers).
 */
export function readServiceState(
  row: Pick<MessageRow, 'service_state'> | undefined,
): Readonly<Record<string, string | number>> | null {
  if (!row?.service_state) return null;
  try {
    const value = JSON.parse(row.service_state) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const entries = Object.entries(value);
    const plain = entries.every(([, v]) => typeof v === 'string' || typeof v === 'number');
    return plain ? (Object.fromEntries(entries) as Record<string, string | number>) : null;
  } catch {
    return null;
  }
}

/**
 * Inserts a message, or updates the fields given of the one with that id (never another user’s: then it answers
 * undefined). The caller sets token_count (lib/tokens.ts `countTokens(text)`); the text is indexed for search.
 */
export function saveMessage(db: Db, row: NewMessageRow): Promise<MessageRow | undefined> {
  return withTransaction(db, async (trx) => {
    const { message_id: _id, user_id: _user, created_at: _created, ...changes } = row;
    const saved = await trx
      .insertInto('messages')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('message_id')
          .doUpdateSet(changes)
          .where('messages.user_id', '=', row.user_id)
          .where('messages.conversation_id', '=', row.conversation_id),
      )
      .returningAll()
      .executeTakeFirst();
    if (saved) await indexMessage(trx, saved);
    return saved;
  });
}

/**
 * Inserts a new reply's row before its text exists (one statement, no transaction, no search document): the
 * reply's final `saveMessage` indexes its text. Answers false when the id is taken.
 */
export async function insertReplyRow(db: Db, row: NewMessageRow): Promise<boolean> {
  const result = await db
    .insertInto('messages')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/**
 * The cheap write for partial text while streaming (every ~500 ms): one single-row UPDATE, no search indexing (the
 * final `saveMessage` indexes the finished text). False when the message is not the user's.
 */
export async function updateMessageText(
  db: Db,
  userId: string,
  messageId: string,
  patch: { text: string; updatedAt: string; tokenCount?: number; unfinished?: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set({
      text: patch.text,
      updated_at: patch.updatedAt,
      ...(patch.tokenCount === undefined ? {} : { token_count: patch.tokenCount }),
      ...(patch.unfinished === undefined ? {} : { unfinished: patch.unfinished ? 1 : 0 }),
    })
    .where('user_id', '=', userId)
    .where('message_id', '=', messageId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The partial text of one reply in flight. */
export interface PartialText {
  userId: string;
  messageId: string;
  text: string;
  updatedAt: string;
}

/** Rows per statement: 4 parameters each stays far below SQLite's and PostgreSQL's parameter limits. */
const PARTIAL_BATCH = 500;

/**
 * The partial texts of many replies in one statement (`WITH v AS (VALUES …) UPDATE … FROM v`, which SQLite
 * 3.33+ and PostgreSQL both take): a busy server writes every reply in flight each tick with one query instead
 * of one per reply. Like `updateMessageText`, no search indexing, and never another user's message.
 */
export async function updateMessageTexts(db: Db, rows: PartialText[]): Promise<void> {
  for (let i = 0; i < rows.length; i += PARTIAL_BATCH) {
    const values = rows
      .slice(i, i + PARTIAL_BATCH)
      .map((r) => sql`(${r.userId}, ${r.messageId}, ${r.text}, ${r.updatedAt})`);
    await sql`WITH v (user_id, message_id, text, updated_at) AS (VALUES ${sql.join(values)})
      UPDATE messages SET text = v.text, updated_at = v.updated_at FROM v
      WHERE messages.user_id = v.user_id AND messages.message_id = v.message_id`.execute(db);
  }
}

/** A user's edit of a message in place (PUT /api/messages): text, token count, is_edited, and the model if given. */
export function editMessage(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
  edit: { text: string; tokenCount: number; model?: string | null; updatedAt: string },
): Promise<MessageRow | undefined> {
  return withTransaction(db, async (trx) => {
    const saved = await trx
      .updateTable('messages')
      .set({
        text: edit.text,
        token_count: edit.tokenCount,
        is_edited: 1,
        updated_at: edit.updatedAt,
        ...(edit.model ? { model: edit.model } : {}),
      })
      .where('user_id', '=', userId)
      .where('conversation_id', '=', conversationId)
      .where('message_id', '=', messageId)
      .returningAll()
      .executeTakeFirst();
    if (saved) await indexMessage(trx, saved);
    return saved;
  });
}

/** Every message of a conversation (all branches), oldest first. */
export function listConversationMessages(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<MessageRow[]> {
  return (
    db
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('conversation_id', '=', conversationId)
      .orderBy('created_at')
      // A request and its reply can share a millisecond; the request comes first.
      .orderBy('is_created_by_user', 'desc')
      .orderBy('message_id')
      .execute()
  );
}

/** The children of one parent (the branches at that point), oldest first. Roots share NIL_UUID, hence the id. */
export function listSiblings(
  db: Db,
  userId: string,
  conversationId: string,
  parentMessageId: string,
): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('user_id', '=', userId)
    .where('conversation_id', '=', conversationId)
    .where('parent_message_id', '=', parentMessageId)
    .orderBy('created_at')
    .orderBy('message_id')
    .execute();
}

/** Messages by id, only the user's (search results). */
export function getMessagesByIds(db: Db, userId: string, ids: string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('messages')
    .selectAll()
    .where('user_id', '=', userId)
    .where('message_id', 'in', ids)
    .execute();
}

function indexMessage(db: Db, row: MessageRow): Promise<void> {
  return indexDocument(db, {
    kind: 'message',
    id: row.message_id,
    conversationId: row.conversation_id,
    userId: row.user_id,
    createdAt: row.created_at,
    text: row.text,
  });
}
