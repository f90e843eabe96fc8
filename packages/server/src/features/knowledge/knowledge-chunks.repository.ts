import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect-helpers';
import { passageTerms, scopeTerms } from './knowledge-terms';
import { decodeVector, encodeVector } from './vector-codec';

// The passages of knowledge files and their full-text index (migration 0024). SQLite: an FTS5 row per passage
// (rowid = the passage's id), cleared by a trigger when the passage goes. PostgreSQL: a tsvector beside the text.

export interface NewChunk {
  text: string;
  where?: string;
  /** A unit-length vector, when embeddings are configured. */
  embedding?: Float32Array;
  /** Its index terms (`passageTerms`), when worked out before the transaction; else they are worked out here. */
  terms?: string[];
}

/** Rows per INSERT: far under both databases' limits on parameters. */
const BATCH = 100;

/**
 * Replaces a file's passages with `chunks` (numbered from 0). Call it inside the transaction that marks the file
 * ready: readers see the old passages or the new ones, never half. Answers the sum of the passages' term counts.
 */
export async function replaceChunks(
  trx: Db,
  file: { fileId: string; userId: string },
  chunks: readonly NewChunk[],
): Promise<number> {
  await trx.deleteFrom('knowledge_chunks').where('file_id', '=', file.fileId).execute();
  const scope = scopeTerms(file);
  const pg = isPostgres(trx);
  let termTotal = 0;
  for (let from = 0; from < chunks.length; from += BATCH) {
    const batch = chunks
      .slice(from, from + BATCH)
      .map((c, i) => ({ ...c, seq: from + i, terms: c.terms ?? passageTerms(c.text) }));
    termTotal += batch.reduce((n, c) => n + c.terms.length, 0);
    const values = batch.map(
      (c) => sql`(${file.fileId}, ${file.userId}, ${c.seq}, ${c.text}, ${c.where ?? null}, ${c.terms.length},
        ${c.embedding ? encodeVector(c.embedding) : null}${pg ? sql`, array_to_tsvector(${[...scope, ...c.terms]}::text[])` : sql``})`,
    );
    const columns = sql`file_id, user_id, seq, text, location, term_count, embedding${pg ? sql`, terms` : sql``}`;
    if (pg) {
      await sql`INSERT INTO knowledge_chunks (${columns}) VALUES ${sql.join(values)}`.execute(trx);
      continue;
    }
    const { rows } = await sql<{ id: number; seq: number }>`INSERT INTO knowledge_chunks (${columns})
      VALUES ${sql.join(values)} RETURNING id, seq`.execute(trx);
    const bySeq = new Map(batch.map((c) => [c.seq, c.terms]));
    const fts = rows.map((r) => sql`(${r.id}, ${scope.join(' ')}, ${bySeq.get(r.seq)!.join(' ')})`);
    await sql`INSERT INTO knowledge_fts (rowid, scope, body) VALUES ${sql.join(fts)}`.execute(trx);
  }
  return termTotal;
}

/** A passage found for a query. */
export interface ChunkHit {
  id: string;
  fileId: string;
  seq: number;
  text: string;
  where?: string;
}

interface HitRow {
  id: number | string;
  file_id: string;
  seq: number;
  text: string;
  location: string | null;
}

export const toHit = (r: HitRow): ChunkHit => ({
  id: String(r.id),
  fileId: r.file_id,
  seq: r.seq,
  text: r.text,
  ...(r.location === null ? {} : { where: r.location }),
});

/** The passages with these ids, of this user (any order). */
export async function chunksByIds(db: Db, userId: string, ids: readonly string[]): Promise<ChunkHit[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('knowledge_chunks')
    .select(['id', 'file_id', 'seq', 'text', 'location'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids.map(Number))
    .execute();
  return rows.map(toHit);
}

/** Every passage vector of these files (the caller checked they are the user's and of the current model). */
export async function chunkVectors(
  db: Db,
  userId: string,
  fileIds: readonly string[],
): Promise<Array<{ id: string; fileId: string; vector: Float32Array }>> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .selectFrom('knowledge_chunks')
    .select(['id', 'file_id', 'embedding'])
    .where('user_id', '=', userId)
    .where('file_id', 'in', [...fileIds])
    .where('embedding', 'is not', null)
    .execute();
  return rows.map((r) => ({ id: String(r.id), fileId: r.file_id, vector: decodeVector(r.embedding!) }));
}
