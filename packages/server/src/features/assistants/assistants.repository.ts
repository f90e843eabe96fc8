import { sql } from 'kysely';
import { isPostgres } from '../../db/dialect-helpers';
import type { Db } from '../../db/database';
import type { AssistantRow, AssistantsTable, NewAssistantRow } from './assistants.table';

export async function insertAssistant(db: Db, row: NewAssistantRow): Promise<void> {
  await db.insertInto('assistants').values(row).execute();
}

/** `forUpdate` locks the row on PostgreSQL until the transaction ends (SQLite's write transaction is one writer). */
export function findUserAssistant(
  db: Db,
  userId: string,
  id: string,
  { forUpdate = false } = {},
): Promise<AssistantRow | undefined> {
  const query = db.selectFrom('assistants').selectAll().where('id', '=', id).where('user_id', '=', userId);
  return (forUpdate && isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

/** The user's assistants, in creation order (`desc`: newest first); ties are broken by id, so paging is stable. */
export function listUserAssistants(
  db: Db,
  userId: string,
  {
    order,
    limit,
    after,
    before,
    only,
    except,
  }: {
    order: 'asc' | 'desc';
    limit: number;
    after?: AssistantRow | undefined;
    before?: AssistantRow | undefined;
    /** The operator's supportedIds and excludedIds. */
    only?: readonly string[] | null;
    except?: readonly string[] | null;
  },
): Promise<AssistantRow[]> {
  let query = db.selectFrom('assistants').selectAll().where('user_id', '=', userId);
  if (only) query = only.length > 0 ? query.where('id', 'in', only) : query.where(sql.lit(false));
  if (except && except.length > 0) query = query.where('id', 'not in', except);
  // `after` continues in the list's order; `before` goes back towards its start.
  const past = (row: AssistantRow, forward: boolean) =>
    query.where((eb) => {
      const later = (order === 'desc') !== forward ? '>' : '<';
      return eb.or([
        eb('created_at', later, row.created_at),
        eb.and([eb('created_at', '=', row.created_at), eb('id', later, row.id)]),
      ]);
    });
  if (after) query = past(after, true);
  if (before) query = past(before, false);
  const backwards = Boolean(before) && !after;
  const dir = (order === 'desc') !== backwards ? 'desc' : 'asc';
  return query.orderBy('created_at', dir).orderBy('id', dir).limit(limit).execute();
}

export async function updateAssistantRow(
  db: Db,
  userId: string,
  id: string,
  changes: Partial<Omit<AssistantsTable, 'id' | 'user_id' | 'created_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('assistants')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAssistantRow(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('assistants')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** All of the user's assistants, newest first (their documents). */
export function allUserAssistants(db: Db, userId: string): Promise<AssistantRow[]> {
  return db
    .selectFrom('assistants')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** The `{domain}_action_{action_id}` list of each assistant of the user (its documents' `actions`). */
export function listUserActionKeys(
  db: Db,
  userId: string,
): Promise<{ assistant_id: string; action_id: string; domain: string }[]> {
  return db
    .selectFrom('assistant_actions')
    .select(['assistant_id', 'action_id', 'domain'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}
