import type { Kysely } from 'kysely';

/**
 * SMS sign-in codes: one live code per phone number, kept only as a keyed hash, with its expiry and the tries made
 * (docs/reference/accounts.md (Phone sign-in)). A new code replaces the row; a used one stays, expired, so the
 * phone's 60 s wait still holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sms_codes')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_codes').execute();
}
