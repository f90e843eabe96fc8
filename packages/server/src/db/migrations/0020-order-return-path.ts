import type { Kysely } from 'kysely';

/**
 * The page an order's buyer comes back to once paid (docs/reference/commerce.md (Orders and payment)): the path the
 * recharge dialog was opened on (`/c/<conversationId>`). Null for older orders and grants: they come back to `/c/new`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('return_path', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('return_path').execute();
}
