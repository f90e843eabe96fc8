import type { Kysely } from 'kysely';

/**
 * Invite cash-back and usage (docs/reference/commerce.md (Invites and cash-back), (Usage)).
 * `cashback_entries`: append-only, one row per earning (a share of an invitee's payment, level 1 or 2) or per
 * cash-out paid by an operator (`withdraw`, negative). Amounts in whole fen; `source_amount_fen` is the payment the
 * share was taken from, so the invite stats can say what the invitees paid. `unique_key` (`cashback:<order>:<level>`)
 * makes a replayed payment notice earn once.
 * `ledger_entries` gains what a call's settlement knows, for the usage page: the model, the tokens, and the call's
 * whole cost (credits and free uses), so a day's spending is read from settlements alone. Old rows keep nulls.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cashback_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('level', 'integer')
    .addColumn('source_order_id', 'text')
    .addColumn('source_user_id', 'text')
    .addColumn('source_amount_fen', 'bigint')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('operator', 'text')
    .addColumn('unique_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cashback_entries_user_idx')
    .on('cashback_entries')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.alterTable('ledger_entries').addColumn('model', 'text').execute();
  await db.schema.alterTable('ledger_entries').addColumn('prompt_tokens', 'integer').execute();
  await db.schema.alterTable('ledger_entries').addColumn('completion_tokens', 'integer').execute();
  await db.schema.alterTable('ledger_entries').addColumn('call_credits', 'bigint').execute();
  await db.schema.alterTable('ledger_entries').addColumn('call_gpt3_uses', 'integer').execute();
  await db.schema.alterTable('ledger_entries').addColumn('call_gpt4_uses', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'call_gpt4_uses',
    'call_gpt3_uses',
    'call_credits',
    'completion_tokens',
    'prompt_tokens',
    'model',
  ]) {
    await db.schema.alterTable('ledger_entries').dropColumn(column).execute();
  }
  await db.schema.dropTable('cashback_entries').execute();
}
