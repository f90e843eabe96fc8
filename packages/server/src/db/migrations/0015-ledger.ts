import type { Kysely } from 'kysely';

/**
 * The ledger (docs/reference/balance.md (The ledger)): every change of a user's credits or free uses is one
 * append-only row; `balances` caches each user's sums and is written in the same transaction as the row.
 * `unique_key` makes an entry that must happen once (a gift, a settlement, a daily restore) refuse a second copy.
 * `balance_daily_runs` holds one row per daily job and day: the insert that wins is the instance that runs it.
 * Amounts are whole numbers (100000 = 1 credit); bigint so a balance is not capped at 21,474 credits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('credits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('gpt3_uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gpt4_uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text')
    .addColumn('unique_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_user_idx')
    .on('ledger_entries')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('ledger_entries_ref_idx').on('ledger_entries').column('ref_id').execute();
  await db.schema
    .createTable('balances')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('credits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('gpt3_uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gpt4_uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('balances_credits_idx').on('balances').column('credits').execute();
  await db.schema
    .createTable('balance_daily_runs')
    .addColumn('run_key', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('users', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('balance_daily_runs').execute();
  await db.schema.dropTable('balances').execute();
  await db.schema.dropTable('ledger_entries').execute();
}
