import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect-helpers';
import type { SearchDocKind } from './search-index.repository';
import { ownerTerm, type QueryTerm } from './search-tokens';

export interface SearchHit {
  kind: SearchDocKind;
  /** The message id or the conversation id. */
  id: string;
  conversationId: string;
}

interface HitRow {
  doc_id: string;
  kind: SearchDocKind;
  conversation_id: string;
}

const quoteFts = (t: QueryTerm) => `"${t.token.replaceAll('"', '""')}"${t.prefix ? '*' : ''}`;
const quoteTs = (t: QueryTerm) =>
  `'${t.token.replaceAll("'", "''").replaceAll('\\', '\\\\')}'${t.prefix ? ':*' : ''}`;

const toHit = (r: HitRow): SearchHit => ({
  kind: r.kind,
  id: r.doc_id.slice(2),
  conversationId: r.conversation_id,
});

/**
 * The user's documents matching every term, newest first, and how many match, counted no further than `countCap`
 * (a full count reads every match of a frequent word: about a second at a million messages). The owner term
 * makes the index itself narrow to the user's documents; the user_id filter is there as well, so nothing else
 * can leak.
 */
export async function searchDocuments<DB>(
  db: Kysely<DB>,
  userId: string,
  terms: QueryTerm[],
  page: { limit: number; offset: number; countCap: number },
): Promise<{ hits: SearchHit[]; total: number }> {
  if (terms.length === 0) return { hits: [], total: 0 };
  // A temporary chat is never found (docs/reference/conversations.md (Temporary chats)); its documents stay in the
  // index until it is deleted, so they are skipped here. The count does not skip them: it may be high by a few.
  const kept = sql`NOT EXISTS (SELECT 1 FROM conversations c
    WHERE c.conversation_id = d.conversation_id AND c.expired_at IS NOT NULL)`;
  const { limit, offset, countCap } = page;
  const owner: QueryTerm = { token: ownerTerm(userId), prefix: false };
  if (isPostgres(db)) {
    const query = [owner, ...terms].map(quoteTs).join(' & ');
    // Newest first can walk the (user_id, created_at) index and stop at the page for a frequent word, or use
    // the GIN index for a rare one; the planner picks.
    const [{ rows }, count] = await Promise.all([
      sql<HitRow>`SELECT doc_id, kind, conversation_id
        FROM search_docs d WHERE user_id = ${userId} AND vector @@ ${query}::tsquery AND ${kept}
        ORDER BY created_at DESC, doc_id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
      sql<{ n: string }>`SELECT count(*) AS n FROM (SELECT 1 FROM search_docs
        WHERE user_id = ${userId} AND vector @@ ${query}::tsquery LIMIT ${countCap}) AS matches`.execute(db),
    ]);
    return { hits: rows.map(toHit), total: Number(count.rows[0]?.n ?? 0) };
  }
  const match = `owner : ${quoteFts(owner)} AND body : (${terms.map(quoteFts).join(' AND ')})`;
  const { rows } = await sql<HitRow>`SELECT d.doc_id, d.kind, d.conversation_id
    FROM search_fts f JOIN search_docs d ON d.seq = f.rowid
    WHERE search_fts MATCH ${match} AND d.user_id = ${userId} AND ${kept}
    ORDER BY f.rowid DESC LIMIT ${limit} OFFSET ${offset}`.execute(db);
  const count = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM search_fts
    WHERE search_fts MATCH ${match} LIMIT ${countCap}) AS matches`.execute(db);
  return { hits: rows.map(toHit), total: Number(count.rows[0]?.n ?? 0) };
}
