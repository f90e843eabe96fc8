import type { Kysely } from 'kysely';

/**
 * The account page (docs/reference/accounts.md (The account page)):
 * - `users.deleted_at`: when the user deleted the account. The row stays, anonymised, so the ledger, orders and
 *   cash-back the operator must keep still name it; null for every live account.
 * - `email_tokens.email`: the address a binding link ('email' tokens) sets once followed; null for the other links.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
  await db.schema.alterTable('email_tokens').addColumn('email', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_tokens').dropColumn('email').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
