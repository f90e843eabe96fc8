import type { Db } from '../../db/database';
import type { NewUserKeyRow, UserKeyRow } from './keys.table';

/** A user has a handful of keys at most, so reads take them all and the service purges the expired ones. */
export function findUserKeys(db: Db, userId: string): Promise<UserKeyRow[]> {
  return db.selectFrom('user_keys').selectAll().where('user_id', '=', userId).execute();
}

export async function userKeyExists(db: Db, userId: string, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_keys')
    .select('name')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}

export async function upsertUserKey(db: Db, row: NewUserKeyRow): Promise<void> {
  await db
    .insertInto('user_keys')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'name']).doUpdateSet({
        value: row.value,
        expires_at: row.expires_at ?? null,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteUserKey(db: Db, userId: string, name: string): Promise<number> {
  const result = await db
    .deleteFrom('user_keys')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteAllUserKeys(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('user_keys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Expired keys of one user, or of everyone when `userId` is null (the periodic sweep). */
export async function deleteExpiredUserKeys(db: Db, now: string, userId: string | null): Promise<number> {
  let query = db.deleteFrom('user_keys').where('expires_at', 'is not', null).where('expires_at', '<=', now);
  if (userId !== null) query = query.where('user_id', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
