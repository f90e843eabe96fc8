import type { Db } from '../../db/database';
import type { UserRow } from '../users/users.table';
import type { SessionRow, SessionsTable } from './sessions.table';

export async function insertSession(db: Db, row: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export function findSessionById(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Swaps the secret's hash only if it is still the one the caller saw: of two refreshes racing with the same token,
 * one wins and the other updates nothing (and is treated as reuse). Answers whether this call won.
 */
export async function rotateSessionHash(
  db: Db,
  id: string,
  expectedHash: string,
  next: Pick<SessionsTable, 'token_hash' | 'expires_at' | 'last_used_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ ...next, previous_hash: expectedHash, rotated_at: next.last_used_at })
    .where('id', '=', id)
    .where('token_hash', '=', expectedHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Housekeeping at sign-in: a user's expired sessions go, so the table does not grow without a job. */
export async function deleteExpiredSessions(db: Db, userId: string, nowIso: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', nowIso).execute();
}

/** Ends every session of a user (after a password reset): their refresh cookies stop working at once. */
export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Ends every session of a user but one (a password change keeps the session that made it). */
export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).execute();
}

/**
 * The user of a live session: the row when the session exists, belongs to that user and has not expired, in one
 * query (the guard's one read a request); undefined when the session was ended (logout, reset) or the user deleted.
 */
export function findUserOfSession(
  db: Db,
  userId: string,
  sessionId: string,
  nowIso: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .selectAll('users')
    .where('sessions.id', '=', sessionId)
    .where('users.id', '=', userId)
    .where('sessions.expires_at', '>', nowIso)
    .executeTakeFirst();
}
