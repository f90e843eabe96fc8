import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres, withTransaction } from '../../db/dialect-helpers';
import { fileScopeTerm, userScopeTerm } from './knowledge-terms';

/** The files a search reads, already checked to be the user's, with their sizes for ranking. */
export interface RankScope {
  userId: string;
  fileIds: readonly string[];
  /** Passages in these files, and the sum of their term counts. */
  chunkCount: number;
  termTotal: number;
  /** Passages in all the user's files: the population term counts are taken from past a few files. */
  userChunkCount: number;
}

export interface Ranked {
  id: string;
  score: number;
}

// BM25's usual constants (FTS5's bm25() uses the same): how fast a passage's length lowers its score.
const K1 = 1.2;
const B = 0.75;
/**
 * Up to this many files the index narrows by their own terms. Past it by the user's term, and the files are checked
 * on the matches: an index query naming hundreds of terms costs more than the check (60 ms at 200 on PostgreSQL).
 */
export const FILE_TERMS_UP_TO = 16;
/**
 * A search ranks at most about this many matches: the rarest terms are kept until their matches reach it, and more
 * common ones are left out (in a real document those are words like "the" and "is", which say little about a
 * passage, and ranking every passage that has one would cost more than all the rest). A query whose rarest term is
 * more common still runs, on that term alone.
 */
export const MATCH_BUDGET = 3_000;

const quoteFts = (t: string) => `"${t.replaceAll('"', '""')}"`;
const quoteTs = (t: string) => `'${t.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;
const byFileTerms = (scope: RankScope) => scope.fileIds.length <= FILE_TERMS_UP_TO;

/**
 * The passages of the scope matching any of `terms`, best first: BM25, where a term found in fewer passages weighs
 * more and a longer passage's match weighs less. Terms are distinct per passage in the index, so a term counts once
 * wherever it occurs. First each term's matches are counted (up to the budget) to choose the terms to rank by.
 */
export async function rankByTerms(
  db: Db,
  scope: RankScope,
  terms: readonly string[],
  limit: number,
): Promise<Ranked[]> {
  if (terms.length === 0 || scope.fileIds.length === 0 || scope.chunkCount === 0) return [];
  if (!isPostgres(db)) return rankWithin(db, scope, terms, limit, false);
  return withTransaction(db, async (trx) => {
    // PostgreSQL would scan the table for a frequent term and unpack every passage's terms, ten times slower than its
    // index: told not to, for this transaction only (and told again after, when it is the caller's transaction).
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    try {
      return await rankWithin(trx, scope, terms, limit, true);
    } finally {
      if (db.isTransaction) await sql`SET LOCAL enable_seqscan = on`.execute(trx);
    }
  });
}

async function rankWithin(
  db: Db,
  scope: RankScope,
  terms: readonly string[],
  limit: number,
  pg: boolean,
): Promise<Ranked[]> {
  const counted = await countEach(
    db,
    terms.map((t) =>
      pg ? sql`SELECT 1 FROM knowledge_chunks WHERE ${pgNarrow(scope, t)}` : sqliteCount(scope, t),
    ),
  );
  const kept = keepRarest(
    terms.map((term, i) => ({ term, df: counted[i]! })),
    MATCH_BUDGET,
  );
  if (kept.length === 0) return [];
  return pg ? rankOnPostgres(db, scope, kept, limit) : rankOnSqlite(db, scope, kept, limit);
}

/** One column per query: its matches, counted no further than the budget and one. */
async function countEach(trx: Db, queries: RawBuilder<unknown>[]): Promise<number[]> {
  const columns = queries.map(
    (q, i) =>
      sql`(SELECT count(*) FROM (${q} LIMIT ${MATCH_BUDGET + 1}) AS ${sql.ref(`m${i}`)}) AS ${sql.ref(`d${i}`)}`,
  );
  const { rows } = await sql<Record<string, number | string>>`SELECT ${sql.join(columns)}`.execute(trx);
  return queries.map((_, i) => Number(rows[0]![`d${i}`]));
}

const sqliteScope = (scope: RankScope): string =>
  byFileTerms(scope)
    ? `scope : (${scope.fileIds.map((f) => quoteFts(fileScopeTerm(f))).join(' OR ')})`
    : `scope : ${quoteFts(userScopeTerm(scope.userId))}`;

const sqliteCount = (scope: RankScope, term: string) =>
  sql`SELECT 1 FROM knowledge_fts WHERE knowledge_fts MATCH ${`${sqliteScope(scope)} AND body : ${quoteFts(term)}`}`;

/** FTS5's bm25() over the kept terms (statistics of the whole index), the scope column weighing nothing. */
async function rankOnSqlite(
  trx: Db,
  scope: RankScope,
  kept: ReadonlyArray<{ term: string }>,
  limit: number,
): Promise<Ranked[]> {
  const match = `${sqliteScope(scope)} AND body : (${kept.map((k) => quoteFts(k.term)).join(' OR ')})`;
  // The files are a set the matches are checked against, read from the chunks' file index alone ("+" keeps SQLite
  // from handing the rowids to FTS5 as lookups, a full-text query each). Joining the chunk rows would read each
  // match's large row instead: three times slower.
  const files = byFileTerms(scope)
    ? sql``
    : sql`AND +rowid IN (SELECT id FROM knowledge_chunks WHERE file_id IN (${sql.join([...scope.fileIds])}))`;
  const { rows } = await sql<{
    id: number;
    rank: number;
  }>`SELECT rowid AS id, bm25(knowledge_fts, 0.0, 1.0) AS rank
    FROM knowledge_fts WHERE knowledge_fts MATCH ${match} ${files}
    ORDER BY rank, rowid LIMIT ${limit}`.execute(trx);
  return rows.map((r) => ({ id: String(r.id), score: -r.rank }));
}

/** The index's part of a match on PostgreSQL: the scope's terms and the term; answered by the GIN index alone. */
function pgNarrow(scope: RankScope, term: string): RawBuilder<unknown> {
  const narrow = byFileTerms(scope)
    ? `(${scope.fileIds.map((f) => quoteTs(fileScopeTerm(f))).join(' | ')})`
    : quoteTs(userScopeTerm(scope.userId));
  return sql`terms @@ ${`${narrow} & ${quoteTs(term)}`}::tsquery`;
}

/**
 * BM25 over the counted population (the files, or past a few files all the user's passages): one index scan per
 * kept term, checked by file, summed per passage.
 */
async function rankOnPostgres(
  trx: Db,
  scope: RankScope,
  kept: ReadonlyArray<{ term: string; df: number }>,
  limit: number,
): Promise<Ranked[]> {
  const n = byFileTerms(scope) ? scope.chunkCount : Math.max(scope.userChunkCount, scope.chunkCount);
  const idf = kept.map(({ df }) => Math.log(1 + (Math.max(n - df, 0) + 0.5) / (df + 0.5)));
  const files = byFileTerms(scope) ? sql`` : sql`AND file_id = ANY(${[...scope.fileIds]}::text[])`;
  const branches = kept.map(
    ({ term }, i) =>
      sql`SELECT ${i}::int AS t, id, term_count FROM knowledge_chunks WHERE ${pgNarrow(scope, term)} ${files}`,
  );
  const avg = Math.max(scope.termTotal / scope.chunkCount, 1);
  const { rows } = await sql<{ id: string; score: number }>`SELECT id::text AS id,
      sum((${idf}::float8[])[t + 1]) * ${K1 + 1}::float8
        / (1 + ${K1}::float8 * (1 - ${B}::float8 + ${B}::float8 * term_count / ${avg}::float8)) AS score
    FROM (${sql.join(branches, sql` UNION ALL `)}) AS hits
    GROUP BY id, term_count ORDER BY score DESC, id LIMIT ${limit}`.execute(trx);
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}

/**
 * The terms to rank by: those with matches, rarest first, while their matches fit `budget`; the rarest one always,
 * so a query of common words still finds passages.
 */
export function keepRarest(
  terms: ReadonlyArray<{ term: string; df: number }>,
  budget: number,
): Array<{ term: string; df: number }> {
  const found = terms.filter((t) => t.df > 0).sort((a, b) => a.df - b.df);
  const kept: Array<{ term: string; df: number }> = [];
  let total = 0;
  for (const t of found) {
    if (kept.length > 0 && total + t.df > budget) break;
    kept.push(t);
    total += t.df;
  }
  return kept;
}
