import type { KnowledgeErrorCode } from '@parley/shared';
import type { Db } from '../../db/database';
import { isPostgres, withTransaction } from '../../db/dialect-helpers';
import type { KnowledgeFileRow } from './knowledge.table';

// The indexing state of knowledge files (migration 0024): one row per file, written by the queue and the task.

/** Marks a file as being indexed (again), keeping any passages it has until new ones replace them. */
export async function markIndexing(
  db: Db,
  file: { fileId: string; userId: string },
  at: string,
): Promise<void> {
  await db
    .insertInto('knowledge_files')
    .values({
      file_id: file.fileId,
      user_id: file.userId,
      status: 'indexing',
      error_code: null,
      error: null,
      chunk_count: 0,
      term_total: 0,
      embedding_model: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.column('file_id').doUpdateSet({ status: 'indexing', error_code: null, error: null, updated_at: at }),
    )
    .execute();
}

/** The file's state row, locked until the transaction `trx` ends on PostgreSQL (SQLite's writer is alone anyway). */
export function lockKnowledgeFile(trx: Db, fileId: string): Promise<KnowledgeFileRow | undefined> {
  const query = trx.selectFrom('knowledge_files').selectAll().where('file_id', '=', fileId);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export function findKnowledgeFile(db: Db, fileId: string): Promise<KnowledgeFileRow | undefined> {
  return db.selectFrom('knowledge_files').selectAll().where('file_id', '=', fileId).executeTakeFirst();
}

export async function markReady(
  trx: Db,
  ready: { fileId: string; chunkCount: number; termTotal: number; embeddingModel: string | null; at: string },
): Promise<void> {
  await trx
    .updateTable('knowledge_files')
    .set({
      status: 'ready',
      error_code: null,
      error: null,
      chunk_count: ready.chunkCount,
      term_total: ready.termTotal,
      embedding_model: ready.embeddingModel,
      updated_at: ready.at,
    })
    .where('file_id', '=', ready.fileId)
    .execute();
}

/** Marks a file failed and drops its passages: a file in error answers no search. */
export async function markError(
  db: Db,
  failure: { fileId: string; code: KnowledgeErrorCode; message: string; at: string },
): Promise<void> {
  await withTransaction(db, async (trx) => {
    await trx.deleteFrom('knowledge_chunks').where('file_id', '=', failure.fileId).execute();
    await trx
      .updateTable('knowledge_files')
      .set({
        status: 'error',
        error_code: failure.code,
        error: failure.message,
        chunk_count: 0,
        term_total: 0,
        embedding_model: null,
        updated_at: failure.at,
      })
      .where('file_id', '=', failure.fileId)
      .execute();
  });
}

/** The user's knowledge files among `fileIds`, with their names (another user's ids find nothing). */
export async function listKnowledgeFiles(
  db: Db,
  userId: string,
  fileIds: readonly string[],
): Promise<Array<KnowledgeFileRow & { filename: string }>> {
  if (fileIds.length === 0) return [];
  return db
    .selectFrom('knowledge_files as k')
    .innerJoin('files as f', 'f.file_id', 'k.file_id')
    .selectAll('k')
    .select('f.filename')
    .where('k.user_id', '=', userId)
    .where('f.user_id', '=', userId)
    .where('k.file_id', 'in', [...fileIds])
    .execute();
}

/** How many passages all the user's knowledge files hold. */
export async function userChunkTotal(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('knowledge_files')
    .select((eb) => eb.fn.sum<number | string>('chunk_count').as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Removes the passages and states of these files (the SQLite trigger clears their index rows). */
export async function deleteKnowledgeRows(db: Db, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await withTransaction(db, async (trx) => {
    await trx
      .deleteFrom('knowledge_chunks')
      .where('file_id', 'in', [...fileIds])
      .execute();
    await trx
      .deleteFrom('knowledge_files')
      .where('file_id', 'in', [...fileIds])
      .execute();
  });
}
