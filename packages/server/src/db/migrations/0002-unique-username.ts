import { sql, type Kysely } from 'kysely';

// Usernames are unique regardless of case; NULLs (no username) never collide on either dialect.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('users_username_lower_unique')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_username_lower_unique').execute();
}
