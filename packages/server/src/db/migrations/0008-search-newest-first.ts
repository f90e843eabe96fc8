import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect-helpers';

// PostgreSQL: results come newest first, so for a frequent word the planner can walk the user's documents by
// date and stop at the page instead of sorting every match. SQLite orders by the FTS rowid and needs nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`CREATE INDEX search_docs_user_created_idx ON search_docs (user_id, created_at DESC, doc_id DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP INDEX IF EXISTS search_docs_user_created_idx`.execute(db);
}
