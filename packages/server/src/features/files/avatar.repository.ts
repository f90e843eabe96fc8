import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect-helpers';

/** What saving a new picture did: whether it became the user's avatar, and the pictures it replaced. */
export interface AvatarClaim {
  set: boolean;
  /** The user's other avatar files, now marked deleting (no longer listed nor downloadable). */
  replaced: string[];
}

/**
 * Makes the stored avatar file `fileId` the user's avatar and marks every other avatar file of theirs deleting,
 * in one transaction. Two pictures saved at once take turns on the user's row (SQLite runs one write
 * transaction at a time), so the avatar never names a replaced file: the one that comes second finds its file
 * already replaced by the first and is not set.
 */
export async function claimAvatar(
  db: Db,
  userId: string,
  fileId: string,
  avatar: string,
  updatedAt: string,
): Promise<AvatarClaim> {
  const postgres = isPostgres(db);
  return db.transaction().execute(async (trx) => {
    if (postgres) {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    }
    const mine = await trx
      .selectFrom('files')
      .select('file_id')
      .where('file_id', '=', fileId)
      .where('user_id', '=', userId)
      .where('status', '=', 'ready')
      .executeTakeFirst();
    if (!mine) return { set: false, replaced: [] };
    await trx.updateTable('users').set({ avatar, updated_at: updatedAt }).where('id', '=', userId).execute();
    const others = await trx
      .selectFrom('files')
      .select('file_id')
      .where('user_id', '=', userId)
      .where('context', '=', 'avatar')
      .where('status', '=', 'ready')
      .where('file_id', '!=', fileId)
      .execute();
    const replaced = others.map((r) => r.file_id);
    if (replaced.length > 0) {
      await trx
        .updateTable('files')
        .set({ status: 'deleting', updated_at: updatedAt })
        .where('file_id', 'in', replaced)
        .execute();
    }
    return { set: true, replaced };
  });
}
