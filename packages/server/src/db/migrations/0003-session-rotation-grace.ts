import type { Kysely } from 'kysely';

// The secret a session had just before its last rotation, and when that rotation happened: tabs of one browser
// that refresh at the same moment present the same secret, and the slower one must not look like theft.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('previous_hash', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('rotated_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('rotated_at').execute();
  await db.schema.alterTable('sessions').dropColumn('previous_hash').execute();
}
