import type { Kysely } from 'kysely';

/**
 * Archived and temporary chats (docs/reference/conversations.md (Archive; Temporary chats)). `is_archived` (0/1)
 * takes a chat out of the list without deleting it; `expired_at` (ISO text, null for a kept chat) marks a temporary
 * chat and when it is deleted. The list reads (user, archived, updated) as one index range; the sweep reads
 * `expired_at` alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('conversations')
    .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('conversations').addColumn('expired_at', 'text').execute();
  await db.schema
    .createIndex('conversations_user_archived_updated_idx')
    .on('conversations')
    .columns(['user_id', 'is_archived', 'updated_at', 'conversation_id'])
    .execute();
  await db.schema.createIndex('conversations_expired_idx').on('conversations').column('expired_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversations_expired_idx').execute();
  await db.schema.dropIndex('conversations_user_archived_updated_idx').execute();
  await db.schema.alterTable('conversations').dropColumn('expired_at').execute();
  await db.schema.alterTable('conversations').dropColumn('is_archived').execute();
}
