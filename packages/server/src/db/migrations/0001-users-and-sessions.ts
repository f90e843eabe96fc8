import type { Kysely } from 'kysely';

// Types portable across SQLite and PostgreSQL: text ids and ISO timestamps, integer flags, JSON as text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('avatar', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('USER'))
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('local'))
    .addColumn('google_id', 'text', (c) => c.unique())
    .addColumn('github_id', 'text', (c) => c.unique())
    .addColumn('discord_id', 'text', (c) => c.unique())
    .addColumn('facebook_id', 'text', (c) => c.unique())
    .addColumn('openid_id', 'text', (c) => c.unique())
    .addColumn('invite_code', 'text', (c) => c.notNull().unique())
    .addColumn('inviter_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('plugins', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('banned_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_inviter_idx').on('users').column('inviter_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
