import type { Kysely } from 'kysely';

/**
 * The class a call was charged in (`gpt-3` or `gpt-4`), on its settlement, so the usage page names what each call
 * was charged as even after the operator's rules or the built-in table change. Rows settled before have none: no
 * existing row is rewritten (docs/reference/balance.md (Model classes)).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ledger_entries').addColumn('call_class', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ledger_entries').dropColumn('call_class').execute();
}
