import type { Db } from '../../db/database';
import type { AssistantActionRow, AssistantActionsTable } from './assistants.table';

export function listUserActions(db: Db, userId: string): Promise<AssistantActionRow[]> {
  return db
    .selectFrom('assistant_actions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function findUserAction(
  db: Db,
  userId: string,
  actionId: string,
): Promise<AssistantActionRow | undefined> {
  return db
    .selectFrom('assistant_actions')
    .selectAll()
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function actionsOfAssistant(
  db: Db,
  userId: string,
  assistantId: string,
): Promise<AssistantActionRow[]> {
  return db
    .selectFrom('assistant_actions')
    .selectAll()
    .where('assistant_id', '=', assistantId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function upsertAction(db: Db, row: AssistantActionsTable): Promise<void> {
  await db
    .insertInto('assistant_actions')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('action_id')
        .doUpdateSet({ domain: row.domain, metadata: row.metadata, updated_at: row.updated_at }),
    )
    .execute();
}

export async function deleteActionRow(db: Db, userId: string, actionId: string): Promise<void> {
  await db
    .deleteFrom('assistant_actions')
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .execute();
}
