import type { Kysely } from 'kysely';

/**
 * Services that keep their own thread (chatGPTBrowser, later bingAI) answer ids the next call must name. A reply
 * keeps them (JSON), so the next question, a regenerate or a branch continues the service's thread from the reply
 * it answers: docs/reference/endpoints-and-models.md (Services that keep their own thread).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('service_state', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('service_state').execute();
}
