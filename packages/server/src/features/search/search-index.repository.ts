import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect-helpers';
import { documentTerms, ownerTerm } from './search-tokens';

// Writes of the search index (migration 0005). Callers write a document in the same transaction as its row, so the
// index never drifts from the data; deleting a conversation cascades to its documents (and, on SQLite, a trigger
// clears their FTS rows).

export type SearchDocKind = 'message' | 'conversation';

export interface SearchDoc {
  kind: SearchDocKind;
  /** The message id for a message, the conversation id for a title. */
  id: string;
  conversationId: string;
  userId: string;
  createdAt: string;
  text: string;
}

export const searchDocId = (kind: SearchDocKind, id: string): string =>
  `${kind === 'message' ? 'm' : 'c'}:${id}`;

/** Inserts or replaces the document of a message or a conversation title. */
export async function indexDocument<DB>(db: Kysely<DB>, doc: SearchDoc): Promise<void> {
  const docId = searchDocId(doc.kind, doc.id);
  const owner = ownerTerm(doc.userId);
  const terms = documentTerms(doc.text);
  if (isPostgres(db)) {
    await sql`INSERT INTO search_docs (doc_id, kind, conversation_id, user_id, created_at, vector)
      VALUES (${docId}, ${doc.kind}, ${doc.conversationId}, ${doc.userId}, ${doc.createdAt},
        array_to_tsvector(${[owner, ...terms]}::text[]))
      ON CONFLICT (doc_id) DO UPDATE SET vector = excluded.vector`.execute(db);
    return;
  }
  // Most documents are new (a message's first save): their row is inserted and their text added, two statements.
  // A document written again (a title renamed, a message edited) has its text replaced.
  const inserted = await sql<{
    seq: number;
  }>`INSERT INTO search_docs (doc_id, kind, conversation_id, user_id, created_at)
    VALUES (${docId}, ${doc.kind}, ${doc.conversationId}, ${doc.userId}, ${doc.createdAt})
    ON CONFLICT (doc_id) DO NOTHING RETURNING seq`.execute(db);
  let seq = inserted.rows[0]?.seq;
  if (seq === undefined) {
    const existing = await sql<{ seq: number }>`SELECT seq FROM search_docs WHERE doc_id = ${docId}`.execute(
      db,
    );
    seq = existing.rows[0]!.seq;
    await sql`DELETE FROM search_fts WHERE rowid = ${seq}`.execute(db);
  }
  await sql`INSERT INTO search_fts (rowid, owner, body) VALUES (${seq}, ${owner}, ${terms.join(' ')})`.execute(
    db,
  );
}
