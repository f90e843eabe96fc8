import { sql, type Kysely } from 'kysely';

// Indexed fields as columns, the per-endpoint options as one JSON text column (docs/architecture.md (Data)).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('presets')
    .addColumn('preset_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('endpoint_type', 'text')
    .addColumn('model', 'text')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('default_preset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('presets_user_idx').on('presets').column('user_id').execute();
  // At most one default per user, even when two saves race (the service retries the loser).
  await db.schema
    .createIndex('presets_one_default_idx')
    .on('presets')
    .column('user_id')
    .unique()
    .where(sql.ref('default_preset'), '=', 1)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('presets').execute();
}
