import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect-helpers';

// Full-text search inside the database (docs/architecture.md (Data)). Both dialects index the same derived text,
// computed in JS by features/search/search-tokens.ts: words lower-cased, every CJK run expanded into its characters and
// overlapping bigrams (so a two-character Chinese query matches), plus one owner token per document so the index
// itself narrows to the user's documents. search_docs holds one row per message ('m:' + id) or title ('c:' + id);
// deleting a conversation cascades to its documents.
// SQLite: the tokens live in an FTS5 table keyed by search_docs.seq (an INTEGER PRIMARY KEY, so VACUUM keeps it).
// PostgreSQL: a tsvector built with array_to_tsvector (no parser, no locale surprises) under a GIN index; this
// needs no extension (pg_trgm is not used).
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`CREATE TABLE search_docs (
      doc_id text PRIMARY KEY,
      kind text NOT NULL,
      conversation_id text NOT NULL REFERENCES conversations(conversation_id) ON DELETE CASCADE,
      user_id text NOT NULL,
      created_at text NOT NULL,
      vector tsvector NOT NULL
    )`.execute(db);
    await sql`CREATE INDEX search_docs_vector_idx ON search_docs USING gin (vector)`.execute(db);
  } else {
    await sql`CREATE TABLE search_docs (
      seq INTEGER PRIMARY KEY,
      doc_id text NOT NULL UNIQUE,
      kind text NOT NULL,
      conversation_id text NOT NULL REFERENCES conversations(conversation_id) ON DELETE CASCADE,
      user_id text NOT NULL,
      created_at text NOT NULL
    )`.execute(db);
    await sql`CREATE VIRTUAL TABLE search_fts USING fts5(
      owner, body, tokenize = 'unicode61', prefix = '2 3', detail = column
    )`.execute(db);
    await sql`CREATE TRIGGER search_docs_ad AFTER DELETE ON search_docs BEGIN
      DELETE FROM search_fts WHERE rowid = old.seq;
    END`.execute(db);
  }
  await sql`CREATE INDEX search_docs_conversation_idx ON search_docs (conversation_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS search_docs_ad`.execute(db);
    await sql`DROP TABLE IF EXISTS search_fts`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS search_docs`.execute(db);
}
