import type { Kysely } from 'kysely';

/**
 * Conversation imports (docs/reference/import.md (Progress)): one row per job, which its owner polls, and the
 * conversations a job has written so far, so a job that fails (or whose runner died) removes exactly those and
 * leaves nothing half-imported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversation_imports')
    .addColumn('import_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    // The uploaded file in the app's storage until the job ends (then deleted).
    .addColumn('storage_source', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('total_bytes', 'integer', (c) => c.notNull())
    .addColumn('bytes_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('conversations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversation_imports_user_idx')
    .on('conversation_imports')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('conversation_import_items')
    .addColumn('import_id', 'text', (c) =>
      c.notNull().references('conversation_imports.import_id').onDelete('cascade'),
    )
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_import_items_pk', ['import_id', 'conversation_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversation_import_items').execute();
  await db.schema.dropTable('conversation_imports').execute();
}
