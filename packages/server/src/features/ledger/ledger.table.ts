import type { ColumnType, Insertable, Selectable } from 'kysely';

/** PostgreSQL answers a bigint as a string; SQLite as a number. Readers convert with Number(). */
type BigIntColumn = ColumnType<number | string, number, number>;

/** One change of a user's money or free uses (docs/reference/balance.md (The ledger)). Never updated or deleted. */
export interface LedgerEntriesTable {
  id: string;
  user_id: string;
  /** gift, hold, settle, daily, adjust, purchase, refund. */
  kind: string;
  /** Change of credits in units (100000 = 1 credit); negative spends. */
  credits: BigIntColumn;
  gpt3_uses: number;
  gpt4_uses: number;
  /** Why, in words an operator reads (`registration gift`, `call gpt-4o`, …). */
  reason: string;
  /** The message, order or hold this entry belongs to. */
  ref_id: string | null;
  /** Set on entries that must happen once (`gift:<user>`, `settle:<hold>`, `daily:<day>:<user>`). */
  unique_key: string | null;
  created_at: string;
  /** Settlements of a call only (docs/reference/commerce.md (Usage)): the model and the tokens. */
  model: ColumnType<string | null, string | null | undefined, never>;
  prompt_tokens: ColumnType<number | null, number | null | undefined, never>;
  completion_tokens: ColumnType<number | null, number | null | undefined, never>;
  /** The call's whole cost (its hold and settlement together): credits in units, and the free uses spent. */
  call_credits: ColumnType<number | string | null, number | null | undefined, never>;
  call_gpt3_uses: ColumnType<number | null, number | null | undefined, never>;
  call_gpt4_uses: ColumnType<number | null, number | null | undefined, never>;
  /** The class the call was charged in (`gpt-3`, `gpt-4`); null on settlements written before it was kept. */
  call_class: ColumnType<string | null, string | null | undefined, never>;
}
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type NewLedgerEntryRow = Insertable<LedgerEntriesTable>;

/** Each user's ledger sums, written in the same transaction as every entry. */
export interface BalancesTable {
  user_id: string;
  credits: BigIntColumn;
  gpt3_uses: number;
  gpt4_uses: number;
  updated_at: string;
}
export type BalanceRow = Selectable<BalancesTable>;

/** One row per daily job and day: whoever inserts it runs the job. */
export interface BalanceDailyRunsTable {
  run_key: string;
  instance_id: string;
  started_at: string;
  finished_at: string | null;
  users: number | null;
}
