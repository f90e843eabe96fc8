import type { Db } from '../../db/database';
import type { ActionOAuthTokenRow, NewActionOAuthTokenRow } from './action-oauth-tokens.table';

export function findActionOAuthToken(
  db: Db,
  userId: string,
  actionId: string,
): Promise<ActionOAuthTokenRow | undefined> {
  return db
    .selectFrom('action_oauth_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('action_id', '=', actionId)
    .executeTakeFirst();
}

export async function upsertActionOAuthToken(db: Db, row: NewActionOAuthTokenRow): Promise<void> {
  const { user_id: _user, action_id: _action, created_at: _created, ...changes } = row;
  await db
    .insertInto('action_oauth_tokens')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'action_id']).doUpdateSet(changes))
    .execute();
}

export async function deleteActionOAuthToken(db: Db, userId: string, actionId: string): Promise<void> {
  await db
    .deleteFrom('action_oauth_tokens')
    .where('user_id', '=', userId)
    .where('action_id', '=', actionId)
    .execute();
}

/** Every user's tokens for an action: when the action is deleted or its OAuth settings change. */
export async function deleteActionOAuthTokensOfAction(db: Db, actionId: string): Promise<void> {
  await db.deleteFrom('action_oauth_tokens').where('action_id', '=', actionId).execute();
}
