import type { Kysely } from 'kysely';

/**
 * Share links (docs/reference/sharing.md (Share links)). A link is a copy of one branch, a row per message in its
 * order (never one JSON blob: docs/architecture.md (Data)), so later turns and edits of the conversation do not
 * reach it. Deleting the conversation or the account deletes its links and their copies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shared_links')
    .addColumn('share_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.conversation_id').onDelete('cascade'),
    )
    // The target the owner named (null: the branch the web shows, found again on renewal).
    .addColumn('target_message_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The owner's list, keyset-paged newest first; the newest link of a conversation.
  await db.schema
    .createIndex('shared_links_user_created_idx')
    .on('shared_links')
    .columns(['user_id', 'created_at', 'share_id'])
    .execute();
  await db.schema
    .createIndex('shared_links_conversation_idx')
    .on('shared_links')
    .columns(['conversation_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('shared_messages')
    .addColumn('share_id', 'text', (c) => c.notNull().references('shared_links.share_id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('parent_message_id', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('is_created_by_user', 'integer', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('endpoint', 'text')
    .addColumn('error', 'integer', (c) => c.notNull())
    .addColumn('unfinished', 'integer', (c) => c.notNull())
    .addColumn('is_edited', 'integer', (c) => c.notNull())
    .addColumn('finish_reason', 'text')
    .addColumn('files', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('shared_messages_pk', ['share_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shared_messages').execute();
  await db.schema.dropTable('shared_links').execute();
}
