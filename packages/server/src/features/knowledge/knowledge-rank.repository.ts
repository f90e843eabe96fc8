import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect-helpers';
import { fileScopeTerm } from './knowledge-terms';

/** The files a search reads, already checked to be the user's, with their sizes for ranking. */
export interface RankScope {
  userId: string;
  fileIds: readonly string[];
  /** Passages in these files, and the sum of their term counts. */
  chunkCount: number;
  termTotal: number;
}

export interface Ranked {
  id: string;
  score: number;
}

// BM25's usual constants (FTS5's bm25() uses the same): how fast a passage's length lowers its score.
const K1 = 1.2;
const B = 0.75;

const quoteFts = (t: string) => `"${t.replaceAll('"', '""')}"`;
const quoteTs = (t: string) => `'${t.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;

/**
 * The passages of the scope matching any of `terms`, best first: BM25, where a term found in fewer passages weighs
 * more and a longer passage's match weighs less. Terms are distinct per passage in the index, so a term counts once
 * wherever it occurs. SQLite ranks with FTS5's bm25() (statistics of the whole index); PostgreSQL with the same
 * formula over the scope's statistics, from one index scan per term.
 */
export async function rankByTerms(
  db: Db,
  scope: RankScope,
  terms: readonly string[],
  limit: number,
): Promise<Ranked[]> {
  if (terms.length === 0 || scope.fileIds.length === 0 || scope.chunkCount === 0) return [];
  const files = scope.fileIds.map(fileScopeTerm);
  if (!isPostgres(db)) {
    const match = `scope : (${files.map(quoteFts).join(' OR ')}) AND body : (${terms.map(quoteFts).join(' OR ')})`;
    const { rows } = await sql<{
      id: number;
      rank: number;
    }>`SELECT rowid AS id, bm25(knowledge_fts, 0.0, 1.0) AS rank
      FROM knowledge_fts WHERE knowledge_fts MATCH ${match} ORDER BY rank, rowid LIMIT ${limit}`.execute(db);
    return rows.map((r) => ({ id: String(r.id), score: -r.rank }));
  }
  const within = `(${files.map(quoteTs).join(' | ')})`;
  const branches = terms.map(
    (term, i) => sql`SELECT ${i}::int AS t, id, term_count FROM knowledge_chunks
      WHERE terms @@ ${`${within} & ${quoteTs(term)}`}::tsquery AND user_id = ${scope.userId}`,
  );
  const n = scope.chunkCount;
  const avg = Math.max(scope.termTotal / scope.chunkCount, 1);
  const { rows } = await sql<{
    id: string;
    score: number;
  }>`WITH hits AS (${sql.join(branches, sql` UNION ALL `)}),
    df AS (SELECT t, count(*)::float8 AS n FROM hits GROUP BY t)
    SELECT h.id::text AS id,
      sum(ln(1 + (${n}::float8 - df.n + 0.5) / (df.n + 0.5)))
        * ${K1 + 1}::float8 / (1 + ${K1}::float8 * (1 - ${B}::float8 + ${B}::float8 * h.term_count / ${avg}::float8)) AS score
    FROM hits h JOIN df ON df.t = h.t
    GROUP BY h.id, h.term_count ORDER BY score DESC, h.id LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}
