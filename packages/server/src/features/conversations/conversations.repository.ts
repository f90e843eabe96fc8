import type { Db } from '../../db/database';
import { withTransaction } from '../../db/dialect-helpers';
import { indexDocument } from '../search/search-index.repository';
import type { ConversationRow, NewConversationRow } from './conversations.table';

// Every query names the user: another user's id finds nothing, which the service answers with a 404.

/** Keyset position in the list: the last row of the page before. */
export interface ListPosition {
  updatedAt: string;
  conversationId: string;
}

export function getConversation(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
}

/**
 * Inserts a conversation, or updates it (title only when given) and moves it to the top of the list; a new row's
 * title, or a title given, is indexed for search in the same transaction. Every turn of a conversation comes through
 * here, and its title has not changed then: it is not indexed again. Answers undefined when the id belongs to
 * another user.
 */
export function upsertConversation(db: Db, row: NewConversationRow): Promise<ConversationRow | undefined> {
  return withTransaction(db, async (trx) => {
    const saved = await trx
      .insertInto('conversations')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('conversation_id')
          .doUpdateSet((eb) => ({
            ...(row.title === undefined ? {} : { title: eb.ref('excluded.title') }),
            endpoint: eb.ref('excluded.endpoint'),
            endpoint_type: eb.ref('excluded.endpoint_type'),
            model: eb.ref('excluded.model'),
            options: eb.ref('excluded.options'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .where('conversations.user_id', '=', row.user_id),
      )
      .returningAll()
      .executeTakeFirst();
    // A row that existed keeps its created_at; one inserted now has the one given. (A row updated within the
    // millisecond it was made counts as inserted: its title is indexed once more, which is harmless.)
    const inserted = saved?.created_at === row.created_at;
    if (saved && (inserted || row.title !== undefined)) await indexTitle(trx, saved);
    return saved;
  });
}

/** What an update changes: each field given replaces the stored one. */
export interface ConversationChanges {
  title?: string;
  model?: string | null;
  /** The options as stored (JSON text). */
  options?: string;
}

/**
 * Updates a conversation of the user (title, model, options; a new title is re-indexed) and moves it to the top of
 * the list; undefined when it is not theirs.
 */
export function updateConversation(
  db: Db,
  userId: string,
  conversationId: string,
  changes: ConversationChanges,
  now: string,
  onlyIf?: { title: string },
): Promise<ConversationRow | undefined> {
  return withTransaction(db, async (trx) => {
    let update = trx
      .updateTable('conversations')
      .set({
        ...(changes.title === undefined ? {} : { title: changes.title }),
        ...(changes.model === undefined ? {} : { model: changes.model }),
        ...(changes.options === undefined ? {} : { options: changes.options }),
        updated_at: now,
      })
      .where('user_id', '=', userId)
      .where('conversation_id', '=', conversationId);
    if (onlyIf) update = update.where('title', '=', onlyIf.title);
    const saved = await update.returningAll().executeTakeFirst();
    if (saved && changes.title !== undefined) await indexTitle(trx, saved);
    return saved;
  });
}

/** Renames a conversation of the user (and re-indexes its title); undefined when it is not theirs. */
export function renameConversation(
  db: Db,
  userId: string,
  conversationId: string,
  title: string,
  now: string,
): Promise<ConversationRow | undefined> {
  return updateConversation(db, userId, conversationId, { title }, now);
}

/**
 * Gives a conversation its first title, only while it still has the untitled one: a title written in the
 * background never replaces a name the user gave meanwhile. Undefined when it is not theirs or already titled.
 */
export function titleUntitledConversation(
  db: Db,
  userId: string,
  conversationId: string,
  title: string,
  untitled: string,
  now: string,
): Promise<ConversationRow | undefined> {
  return updateConversation(db, userId, conversationId, { title }, now, { title: untitled });
}

/**
 * A page of the user's conversations, newest first: by offset, or (cheaper at depth) after a keyset position. The
 * archived ones or the others; never a temporary one (docs/reference/conversations.md (Temporary chats)).
 */
export function listConversations(
  db: Db,
  userId: string,
  page: { limit: number; offset?: number; after?: ListPosition; archived?: boolean },
): Promise<ConversationRow[]> {
  let query = db
    .selectFrom('conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_archived', '=', page.archived ? 1 : 0)
    .where('expired_at', 'is', null);
  const after = page.after;
  if (after) {
    // A row-value comparison: both databases read it as one range of the (user_id, updated_at, id) index, where
    // the equivalent OR form makes them scan every newer row first (slower with each page).
    query = query.where((eb) =>
      eb(eb.refTuple('updated_at', 'conversation_id'), '<', eb.tuple(after.updatedAt, after.conversationId)),
    );
  }
  return query
    .orderBy('updated_at', 'desc')
    .orderBy('conversation_id', 'desc')
    .limit(page.limit)
    .offset(page.offset ?? 0)
    .execute();
}

/** Conversations by id, only the user's and never a temporary one (search results). */
export function getConversationsByIds(db: Db, userId: string, ids: string[]): Promise<ConversationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('conversation_id', 'in', ids)
    .where('expired_at', 'is', null)
    .execute();
}

/**
 * How many conversations the user has, counting no further than `cap`: an index-only count whose cost stops
 * growing at the cap, however many conversations there are.
 */
export async function countConversations(
  db: Db,
  userId: string,
  cap: number,
  archived = false,
): Promise<number> {
  const upToCap = db
    .selectFrom('conversations')
    .select('conversation_id')
    .where('user_id', '=', userId)
    .where('is_archived', '=', archived ? 1 : 0)
    .where('expired_at', 'is', null)
    .limit(cap)
    .as('c');
  const row = await db
    .selectFrom(upToCap)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Deletes one conversation of the user, or all of them; messages and search documents go by cascade. */
export async function deleteConversations(db: Db, userId: string, conversationId?: string): Promise<number> {
  let query = db.deleteFrom('conversations').where('user_id', '=', userId);
  if (conversationId !== undefined) query = query.where('conversation_id', '=', conversationId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Archives a conversation of the user or restores it. Its place in the list (updated_at) is kept, so a restored chat
 * returns where it was. Undefined when it is not theirs.
 */
export function setArchived(
  db: Db,
  userId: string,
  conversationId: string,
  isArchived: boolean,
): Promise<ConversationRow | undefined> {
  return db
    .updateTable('conversations')
    .set({ is_archived: isArchived ? 1 : 0 })
    .where('user_id', '=', userId)
    .where('conversation_id', '=', conversationId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Deletes the temporary chats whose time is up (`expired_at` at or before `now`), at most `limit` at once; their
 * messages, search documents and share links go by cascade. Answers how many.
 */
export async function deleteExpiredConversations(db: Db, now: string, limit: number): Promise<number> {
  const due = db
    .selectFrom('conversations')
    .select('conversation_id')
    .where('expired_at', '<=', now)
    .limit(limit);
  const result = await db.deleteFrom('conversations').where('conversation_id', 'in', due).executeTakeFirst();
  return Number(result.numDeletedRows);
}

function indexTitle(db: Db, row: ConversationRow): Promise<void> {
  return indexDocument(db, {
    kind: 'conversation',
    id: row.conversation_id,
    conversationId: row.conversation_id,
    userId: row.user_id,
    createdAt: row.created_at,
    text: row.title,
  });
}
