import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect-helpers';

/**
 * Durable background work and the knowledge index of assistants' files.
 *
 * `tasks`: one row per piece of queued work (features/tasks). A runner claims a due row by setting `claimed_by` and
 * a lease (`claimed_until`); a lease that runs out makes the row claimable again, so work of a process that died is
 * resumed. Finished work is deleted; work that failed for good stays as `failed`. `dedupe_key` is unique among
 * queued and running rows only, so the same work cannot be queued twice but may be queued again once it ended.
 *
 * `knowledge_files`: a knowledge file's indexing state (indexing, ready, error); gone with its file.
 * `knowledge_chunks`: the passages of a file, gone with its state row. Both dialects index the same terms, made by
 * features/search/search-tokens.ts as for conversation search, plus one scope term per file (the file id), so the
 * index itself narrows to the files a search may read. SQLite: a contentless FTS5 table keyed by the chunk's id,
 * cleared by a trigger. PostgreSQL: a tsvector under a GIN index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX tasks_dedupe_idx ON tasks (dedupe_key)
    WHERE dedupe_key IS NOT NULL AND status IN ('queued', 'running')`.execute(db);
  await db.schema.createIndex('tasks_due_idx').on('tasks').columns(['status', 'run_after']).execute();

  await db.schema
    .createTable('knowledge_files')
    .addColumn('file_id', 'text', (c) => c.primaryKey().references('files.file_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('error', 'text')
    .addColumn('chunk_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('term_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('embedding_model', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('knowledge_files_user_idx').on('knowledge_files').column('user_id').execute();

  const id = pg ? sql`id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY` : sql`id INTEGER PRIMARY KEY`;
  const blob = pg ? sql`bytea` : sql`blob`;
  const terms = pg ? sql`, terms tsvector NOT NULL` : sql``;
  await sql`CREATE TABLE knowledge_chunks (
    ${id},
    file_id text NOT NULL REFERENCES knowledge_files(file_id) ON DELETE CASCADE,
    user_id text NOT NULL,
    seq integer NOT NULL,
    text text NOT NULL,
    location text,
    term_count integer NOT NULL,
    embedding ${blob}
    ${terms}
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX knowledge_chunks_file_seq_idx ON knowledge_chunks (file_id, seq)`.execute(db);
  if (pg) {
    await sql`CREATE INDEX knowledge_chunks_terms_idx ON knowledge_chunks USING gin (terms)`.execute(db);
    // A search reads its matches' ids, files and sizes from the table, thousands of rows: the text, terms and vector
    // are kept out of the row (TOAST past 256 bytes), so a page holds about forty rows instead of three. The short
    // columns stay in it (PLAIN), or they would be moved out first.
    await sql`ALTER TABLE knowledge_chunks SET (toast_tuple_target = 256)`.execute(db);
    await sql`ALTER TABLE knowledge_chunks ALTER COLUMN file_id SET STORAGE PLAIN,
      ALTER COLUMN user_id SET STORAGE PLAIN, ALTER COLUMN location SET STORAGE PLAIN`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE knowledge_fts USING fts5(
    scope, body, tokenize = 'unicode61', content = '', contentless_delete = 1
  )`.execute(db);
  await sql`CREATE TRIGGER knowledge_chunks_ad AFTER DELETE ON knowledge_chunks BEGIN
    DELETE FROM knowledge_fts WHERE rowid = old.id;
  END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS knowledge_chunks_ad`.execute(db);
    await sql`DROP TABLE IF EXISTS knowledge_fts`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS knowledge_chunks`.execute(db);
  await sql`DROP TABLE IF EXISTS knowledge_files`.execute(db);
  await sql`DROP TABLE IF EXISTS tasks`.execute(db);
}
