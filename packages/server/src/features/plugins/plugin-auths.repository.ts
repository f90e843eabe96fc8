import type { Db } from '../../db/database';
import type { NewPluginAuthRow, PluginAuthRow } from './plugin-auths.table';

/** Which fields of which plugins the user saved, without the values (the store's list needs no more). */
export function listSavedFields(db: Db, userId: string) {
  return db
    .selectFrom('plugin_auths')
    .select(['plugin_key', 'auth_field'])
    .where('user_id', '=', userId)
    .execute();
}

/** The user's saved rows for one plugin; always filtered by the user, so nobody reads another's values. */
export function findPluginAuths(db: Db, userId: string, pluginKey: string): Promise<PluginAuthRow[]> {
  return db
    .selectFrom('plugin_auths')
    .selectAll()
    .where('user_id', '=', userId)
    .where('plugin_key', '=', pluginKey)
    .execute();
}

export async function upsertPluginAuth(db: Db, row: NewPluginAuthRow): Promise<void> {
  await db
    .insertInto('plugin_auths')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'plugin_key', 'auth_field'])
        .doUpdateSet({ value: row.value, updated_at: row.updated_at }),
    )
    .execute();
}

export async function deletePluginAuths(db: Db, userId: string, pluginKey: string): Promise<void> {
  await db
    .deleteFrom('plugin_auths')
    .where('user_id', '=', userId)
    .where('plugin_key', '=', pluginKey)
    .execute();
}
