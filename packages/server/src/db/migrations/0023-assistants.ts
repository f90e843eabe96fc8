import type { Kysely } from 'kysely';

/**
 * Assistants, their actions and their runs (docs/reference/assistants.md). Tools, files and metadata are JSON text
 * validated by the shared schemas; an action's secrets are ciphertext inside its metadata (lib/crypto). Runs are
 * their own table, apart from the job store's stream state (docs/architecture.md (Data)).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assistants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    .addColumn('instructions', 'text')
    .addColumn('model', 'text', (c) => c.notNull())
    // The endpoint that serves the model when the assistant was saved: models of two endpoints may share a name.
    .addColumn('model_endpoint', 'text', (c) => c.notNull())
    .addColumn('tools', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('file_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('avatar_file_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assistants_user_idx')
    .on('assistants')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('assistant_actions')
    .addColumn('action_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('assistant_id', 'text', (c) => c.notNull().references('assistants.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_actions_assistant_idx')
    .on('assistant_actions')
    .column('assistant_id')
    .execute();
  await db.schema
    .createIndex('assistant_actions_user_idx')
    .on('assistant_actions')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('assistant_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('assistant_id', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('thread_id', 'text', (c) => c.notNull())
    .addColumn('request_message_id', 'text', (c) => c.notNull())
    .addColumn('response_message_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema
    .createIndex('assistant_runs_conversation_idx')
    .on('assistant_runs')
    .columns(['user_id', 'conversation_id'])
    .execute();
  await db.schema
    .createIndex('assistant_runs_status_idx')
    .on('assistant_runs')
    .columns(['status', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assistant_runs').execute();
  await db.schema.dropTable('assistant_actions').execute();
  await db.schema.dropTable('assistants').execute();
}
