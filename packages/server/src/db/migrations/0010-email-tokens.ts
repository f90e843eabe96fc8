import type { Kysely } from 'kysely';

/** Single-use tokens of the links Parley mails: password reset and account activation. Only their hashes are kept. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_tokens_user_purpose_idx')
    .on('email_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_tokens').execute();
}
