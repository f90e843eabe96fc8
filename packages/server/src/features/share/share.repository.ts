import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/dialect-helpers';
import type { MessageRow } from '../messages/messages.table';
import type { NewSharedLinkRow, SharedLinkRow, SharedMessageRow } from './share.table';

// Every query of the owner's calls names the user; only the public read (findShare, sharedMessages) goes by the
// share id alone, and it reads the link's own copy, never the owner's messages.

/** Rows per INSERT of a copy: 17 columns each stays far below SQLite's and PostgreSQL's parameter limits. */
const COPY_BATCH = 500;

/** Position in the owner's list: the sort value and the share id of the last row of the page before. */
export interface LinkPosition {
  value: string;
  shareId: string;
}

export interface LinkPage {
  limit: number;
  sortBy: 'created_at' | 'title';
  direction: 'asc' | 'desc';
  after?: LinkPosition | undefined;
  search?: string | undefined;
}

/** The parent links of a conversation's messages, in the order the messages list answers them (oldest first). */
export function messageLinks(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<Array<Pick<MessageRow, 'message_id' | 'parent_message_id'>>> {
  return db
    .selectFrom('messages')
    .select(['message_id', 'parent_message_id'])
    .where('user_id', '=', userId)
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at')
    .orderBy('is_created_by_user', 'desc')
    .orderBy('message_id')
    .execute();
}

/** Writes a link and its copy of the branch (oldest first) in one transaction; `replaces` is deleted in it too. */
export function insertShare(
  db: Db,
  link: NewSharedLinkRow,
  branch: readonly MessageRow[],
  replaces?: string,
): Promise<void> {
  return withTransaction(db, async (trx) => {
    await trx.insertInto('shared_links').values(link).execute();
    const rows = branch.map((m, position) => ({
      share_id: link.share_id,
      position,
      message_id: m.message_id,
      parent_message_id: m.parent_message_id,
      sender: m.sender,
      text: m.text,
      content: m.content,
      is_created_by_user: m.is_created_by_user,
      model: m.model,
      endpoint: m.endpoint,
      error: m.error,
      unfinished: m.unfinished,
      is_edited: m.is_edited,
      finish_reason: m.finish_reason,
      files: m.files,
      created_at: m.created_at,
      updated_at: m.updated_at,
    }));
    for (let i = 0; i < rows.length; i += COPY_BATCH) {
      await trx
        .insertInto('shared_messages')
        .values(rows.slice(i, i + COPY_BATCH))
        .execute();
    }
    if (replaces !== undefined) {
      await trx.deleteFrom('shared_links').where('share_id', '=', replaces).execute();
    }
  });
}

/** A link by its id alone: the public read. */
export function findShare(db: Db, shareId: string): Promise<SharedLinkRow | undefined> {
  return db.selectFrom('shared_links').selectAll().where('share_id', '=', shareId).executeTakeFirst();
}

export function findUserShare(db: Db, userId: string, shareId: string): Promise<SharedLinkRow | undefined> {
  return db
    .selectFrom('shared_links')
    .selectAll()
    .where('user_id', '=', userId)
    .where('share_id', '=', shareId)
    .executeTakeFirst();
}

/** A link's copy of its branch, in order. */
export function sharedMessages(db: Db, shareId: string): Promise<SharedMessageRow[]> {
  return db
    .selectFrom('shared_messages')
    .selectAll()
    .where('share_id', '=', shareId)
    .orderBy('position')
    .execute();
}

export function newestShareOfConversation(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<SharedLinkRow | undefined> {
  return db
    .selectFrom('shared_links')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('share_id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** `%`, `_` and the escape character itself, taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the owner's links by creation time or title (ties by id), after a keyset position when given. */
export function listShares(db: Db, userId: string, page: LinkPage): Promise<SharedLinkRow[]> {
  const { sortBy, direction, after, search } = page;
  let query = db.selectFrom('shared_links').selectAll().where('user_id', '=', userId);
  if (search) {
    // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
    const pattern = `%${likeLiteral(search.toLowerCase())}%`;
    query = query.where(sql<boolean>`lower(${sql.ref('title')}) like ${pattern} escape '\\'`);
  }
  if (after) {
    const op = direction === 'desc' ? '<' : '>';
    query = query.where((eb) =>
      eb(eb.refTuple(sortBy, 'share_id'), op, eb.tuple(after.value, after.shareId)),
    );
  }
  return query.orderBy(sortBy, direction).orderBy('share_id', direction).limit(page.limit).execute();
}

export async function deleteShare(db: Db, userId: string, shareId: string): Promise<number> {
  const result = await db
    .deleteFrom('shared_links')
    .where('user_id', '=', userId)
    .where('share_id', '=', shareId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
