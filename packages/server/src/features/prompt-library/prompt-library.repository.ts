import type { Db } from '../../db/database';
import type { NewPromptLibraryRow, PromptLibraryRow } from './prompt-library.table';

/** Oldest first: the order the operator added them in. */
export function listPromptRows(db: Db): Promise<PromptLibraryRow[]> {
  return db.selectFrom('prompt_library').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function findPromptRow(db: Db, id: string): Promise<PromptLibraryRow | undefined> {
  return db.selectFrom('prompt_library').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPromptRow(db: Db, row: NewPromptLibraryRow): Promise<void> {
  await db.insertInto('prompt_library').values(row).execute();
}

export async function deletePromptRow(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('prompt_library').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
