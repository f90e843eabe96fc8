import type { Kysely } from 'kysely';

// Messages are one row each, linked into a tree by parent_message_id (docs/architecture.md (Data)). Portable types:
// text ids, ISO-8601 text timestamps, integer 0/1 flags, JSON as text. token_count is stored at save time so a turn's
// history can be trimmed to a budget inside the recursive walk, without tokenizing anything.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('conversation_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo('New Chat'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('endpoint_type', 'text')
    .addColumn('model', 'text')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The list is keyset-paged on (updated_at, conversation_id) within one user: one index range, newest first.
  await db.schema
    .createIndex('conversations_user_updated_idx')
    .on('conversations')
    .columns(['user_id', 'updated_at', 'conversation_id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('message_id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.conversation_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('parent_message_id', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text')
    .addColumn('is_created_by_user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model', 'text')
    .addColumn('endpoint', 'text')
    .addColumn('error', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unfinished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_edited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finish_reason', 'text')
    .addColumn('token_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files', 'text')
    .addColumn('thread_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('messages_conversation_created_idx')
    .on('messages')
    .columns(['conversation_id', 'created_at'])
    .execute();
  await db.schema.createIndex('messages_parent_idx').on('messages').column('parent_message_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversations').execute();
}
