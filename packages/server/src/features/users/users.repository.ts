import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Updateable } from 'kysely';
import type { NewUserRow, UserRow, UsersTable } from './users.table';

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** E-mails are stored lower-cased (the shared schemas lower-case them), so this is an exact match. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

/** Case-insensitive, like the unique index on `lower(username)`. */
export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export function findUserIdByInviteCode(
  db: Db,
  inviteCode: string,
): Promise<{ id: string; inviter_id: string | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'inviter_id'])
    .where('invite_code', '=', inviteCode)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertUser(db: Db, row: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

/** How many users name `userId` at each level of their invite chain, and how many of the first since `since`. */
export async function countInvitees(
  db: Db,
  userId: string,
  since: string,
): Promise<{ invitedCount: number; invited24Count: number; secondLevelCount: number }> {
  const count = async (column: 'inviter_id' | 'second_inviter_id', after?: string) => {
    let query = db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(column, '=', userId);
    if (after !== undefined) query = query.where('created_at', '>=', after);
    // PostgreSQL answers a bigint count as a string.
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const [invitedCount, invited24Count, secondLevelCount] = await Promise.all([
    count('inviter_id'),
    count('inviter_id', since),
    count('second_inviter_id'),
  ]);
  return { invitedCount, invited24Count, secondLevelCount };
}

/** Sets some columns of a user and answers the row as it is now. */
export function updateUserColumns(db: Db, id: string, columns: Updateable<UsersTable>): Promise<UserRow> {
  return db.updateTable('users').set(columns).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
