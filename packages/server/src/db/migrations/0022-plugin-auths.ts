import type { Kysely } from 'kysely';

/**
 * The credentials users save for plugins (docs/reference/tools.md (The plugin store)): one row per user, plugin and
 * `authField`; the value is AES-256-GCM ciphertext (lib/crypto). A user's rows go with the user row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plugin_auths')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plugin_key', 'text', (c) => c.notNull())
    .addColumn('auth_field', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('plugin_auths_pk', ['user_id', 'plugin_key', 'auth_field'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plugin_auths').execute();
}
