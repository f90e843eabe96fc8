import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { NewPresetRow, PresetRow } from './presets.table';

/** `order` ascending with unordered ones last, then the most recently updated first. */
export function listPresets(db: Db, userId: string): Promise<PresetRow[]> {
  return db
    .selectFrom('presets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy(sql`(${sql.ref('order')} is null)`)
    .orderBy('order', 'asc')
    .orderBy('updated_at', 'desc')
    .orderBy('preset_id', 'asc')
    .execute();
}

/** By id alone, so the service can tell "not yours" from "absent" (both answer 404). */
export function findPreset(db: Db, presetId: string): Promise<PresetRow | undefined> {
  return db.selectFrom('presets').selectAll().where('preset_id', '=', presetId).executeTakeFirst();
}

export async function clearDefaultPreset(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('presets')
    .set({ default_preset: 0 })
    .where('user_id', '=', userId)
    .where('default_preset', '=', 1)
    .execute();
}

export async function insertPreset(db: Db, row: NewPresetRow): Promise<void> {
  await db.insertInto('presets').values(row).execute();
}

export async function updatePreset(db: Db, row: PresetRow): Promise<void> {
  const { preset_id, user_id, created_at: _created, ...changes } = row;
  await db
    .updateTable('presets')
    .set(changes)
    .where('preset_id', '=', preset_id)
    .where('user_id', '=', user_id)
    .execute();
}

export async function deletePreset(db: Db, userId: string, presetId: string): Promise<number> {
  const result = await db
    .deleteFrom('presets')
    .where('user_id', '=', userId)
    .where('preset_id', '=', presetId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteAllPresets(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('presets').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
