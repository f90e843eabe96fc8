import type { Kysely } from 'kysely';

/**
 * The operator's prompt library entries added from the command line, see
 * docs/reference/prompt-library.md (Managing the library). The config file's entries and Parley's starter set are
 * not stored: they are read with the config.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('prompt_library')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('prompt_prefix', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('lang', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('prompt_library').execute();
}
