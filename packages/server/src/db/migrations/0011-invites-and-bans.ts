import type { Kysely } from 'kysely';

/**
 * The second level of the invite chain: the inviter's own inviter, copied at registration so a later change of
 * either account cannot rewrite who brought whom (docs/decisions.md, "Accounts (invites and bans)"). Bans need no
 * column: `banned_until` is already on the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('second_inviter_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('users_second_inviter_idx').on('users').column('second_inviter_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_second_inviter_idx').execute();
  await db.schema.alterTable('users').dropColumn('second_inviter_id').execute();
}
