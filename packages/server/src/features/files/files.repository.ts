import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect-helpers';
import type { FileRow, NewFileRow } from './files.table';

/** A pending row, written before the bytes are stored. */
export async function insertPendingFile(db: Db, row: Omit<NewFileRow, 'status'>): Promise<void> {
  await db
    .insertInto('files')
    .values({ ...row, status: 'pending' })
    .execute();
}

/**
 * Bytes the user's files take against the storage quota: ready and pending rows (an upload in flight counts with
 * its expected size), the profile picture and files being deleted aside.
 */
export async function userStorageUsed(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('bytes'), eb.lit(0)).as('used'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'ready'])
    .where('context', '!=', 'avatar')
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** What a quota-checked insert did: whether the row was written, and the usage it was checked against. */
export interface QuotaInsert {
  inserted: boolean;
  used: number;
}

/**
 * Writes the pending row (its `bytes` the expected size) only if the user's usage plus it stays within
 * `limit`. Concurrent uploads of one user take turns on the user's row (SQLite runs one write transaction at a
 * time; PostgreSQL locks the row), and each sees the others' pending rows, so together they never pass the limit.
 */
export async function insertPendingFileWithinQuota(
  db: Db,
  row: Omit<NewFileRow, 'status'>,
  bytes: number,
  limit: number,
): Promise<QuotaInsert> {
  const postgres = isPostgres(db);
  return db.transaction().execute(async (trx) => {
    if (postgres) {
      await trx.selectFrom('users').select('id').where('id', '=', row.user_id).forUpdate().execute();
    }
    const used = await userStorageUsed(trx, row.user_id);
    if (used + bytes > limit) return { inserted: false, used };
    await insertPendingFile(trx, row);
    return { inserted: true, used };
  });
}

/** The bytes are stored: the row becomes visible, with the stored size and dimensions. */
export async function markFileReady(
  db: Db,
  fileId: string,
  stored: { bytes: number; width: number | null; height: number | null; type: string; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('files')
    .set({
      status: 'ready',
      bytes: stored.bytes,
      width: stored.width,
      height: stored.height,
      type: stored.type,
      updated_at: stored.updatedAt,
    })
    .where('file_id', '=', fileId)
    .execute();
}

/** The user's ready files, newest first; avatars are not listed. */
export function listUserFiles(db: Db, userId: string): Promise<FileRow[]> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'ready')
    .where('context', '!=', 'avatar')
    .orderBy('created_at', 'desc')
    .orderBy('file_id', 'asc')
    .execute();
}

/** The ids of every file of the user, avatars and files being deleted included (an account's deletion). */
export async function allUserFileIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('files').select('file_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.file_id);
}

/** One ready file of the user; undefined for another user's or an absent one. */
export function findUserFile(db: Db, userId: string, fileId: string): Promise<FileRow | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('file_id', '=', fileId)
    .where('user_id', '=', userId)
    .where('status', '=', 'ready')
    .executeTakeFirst();
}

/** One ready file whoever owns it: for a signed URL, whose signature names the owner. */
export function findReadyFile(db: Db, fileId: string): Promise<FileRow | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('file_id', '=', fileId)
    .where('status', '=', 'ready')
    .executeTakeFirst();
}

/** The user's ready files among `fileIds` (others' and absent ids are left out), in no set order. */
export function findUserFiles(db: Db, userId: string, fileIds: readonly string[]): Promise<FileRow[]> {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('files')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'ready')
    .where('file_id', 'in', [...fileIds])
    .execute();
}

/** Marks the user's files among `fileIds` for deletion and answers them (their storage keys are needed next). */
export async function markFilesDeleting(
  db: Db,
  userId: string,
  fileIds: readonly string[],
  updatedAt: string,
): Promise<FileRow[]> {
  if (fileIds.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('files')
      .selectAll()
      .where('user_id', '=', userId)
      .where('file_id', 'in', [...fileIds])
      .where('status', '!=', 'pending')
      .execute();
    if (rows.length === 0) return [];
    await trx
      .updateTable('files')
      .set({ status: 'deleting', updated_at: updatedAt })
      .where(
        'file_id',
        'in',
        rows.map((r) => r.file_id),
      )
      .execute();
    return rows;
  });
}

export async function deleteFileRows(db: Db, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .deleteFrom('files')
    .where('file_id', 'in', [...fileIds])
    .execute();
}

/** Rows left half-done (pending or deleting) whose last change is older than `before`: the repair's work. */
export function listUnfinishedFiles(db: Db, before: string, limit = 500): Promise<FileRow[]> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('status', 'in', ['pending', 'deleting'])
    .where('updated_at', '<', before)
    .orderBy('updated_at', 'asc')
    .limit(limit)
    .execute();
}
