import type { Kysely } from 'kysely';

// One row per user and endpoint name; the value is AES-256-GCM ciphertext (lib/crypto), expires_at ISO text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_keys_pk', ['user_id', 'name'])
    .execute();
  // For the periodic sweep of expired keys.
  await db.schema.createIndex('user_keys_expires_idx').on('user_keys').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_keys').execute();
}
