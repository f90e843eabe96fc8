import type { Kysely } from 'kysely';

/**
 * The OAuth tokens users got for assistants' actions: one row per user and action. The access and refresh tokens are
 * lib/crypto ciphertext bound to the user, action and field; `expires_at` is an ISO time (null when the provider gave
 * no lifetime). A user's rows go with the user row; an action's rows are deleted with the action.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('action_oauth_tokens')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action_id', 'text', (c) => c.notNull())
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('refresh_token', 'text')
    .addColumn('token_type', 'text')
    .addColumn('scope', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('action_oauth_tokens_pk', ['user_id', 'action_id'])
    .execute();
  await db.schema
    .createIndex('action_oauth_tokens_action')
    .on('action_oauth_tokens')
    .column('action_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('action_oauth_tokens').execute();
}
