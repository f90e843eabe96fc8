import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect-helpers';

/**
 * The user's `plugins` column, read inside a write transaction. Two installs of one user take turns on the user's
 * row (SQLite runs one write transaction at a time; PostgreSQL locks the row), so neither overwrites the other's key.
 */
export async function readInstalledForUpdate(db: Db, userId: string): Promise<string> {
  let query = db.selectFrom('users').select('plugins').where('id', '=', userId);
  if (isPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirstOrThrow();
  return row.plugins;
}

export async function writeInstalled(db: Db, userId: string, plugins: string[], now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ plugins: JSON.stringify(plugins), updated_at: now })
    .where('id', '=', userId)
    .execute();
}
