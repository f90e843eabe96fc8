import type { Db } from '../../db/database';

/** Sets the user's avatar URL. */
export async function setUserAvatar(
  db: Db,
  userId: string,
  avatar: string,
  updatedAt: string,
): Promise<void> {
  await db.updateTable('users').set({ avatar, updated_at: updatedAt }).where('id', '=', userId).execute();
}

/** The ids of the user's stored avatar files other than `keepFileId`: the pictures it replaced. */
export async function otherAvatarFileIds(db: Db, userId: string, keepFileId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('files')
    .select('file_id')
    .where('user_id', '=', userId)
    .where('context', '=', 'avatar')
    .where('status', '=', 'ready')
    .where('file_id', '!=', keepFileId)
    .execute();
  return rows.map((r) => r.file_id);
}
