import type { ColumnType, Selectable } from 'kysely';

/** PostgreSQL answers a bigint as a string; SQLite as a number. Readers convert with Number(). */
type BigIntColumn = ColumnType<number | string, number, never>;

/**
 * One cash-back change (docs/reference/commerce.md (Invites and cash-back)), never updated or deleted: an `earn`
 * (a share of an invitee's payment), a `withdraw` (a cash-out an operator paid, negative) or a `reverse` (an earning
 * taken back because its order was refunded, negative).
 */
export interface CashbackEntriesTable {
  id: string;
  /** Who earned it or was paid. */
  user_id: string;
  kind: 'earn' | 'withdraw' | 'reverse';
  /** Fen; negative for a withdrawal. */
  amount_fen: BigIntColumn;
  /** 1: the payer's inviter; 2: the inviter's inviter; null for a withdrawal. */
  level: number | null;
  source_order_id: string | null;
  source_user_id: string | null;
  /** The payment the share was taken from, in fen. */
  source_amount_fen: ColumnType<number | string | null, number | null, never>;
  /** Why, in words an operator reads. */
  reason: string;
  /** Who paid a withdrawal out or refunded the order (`--by` or $USER). */
  operator: string | null;
  /** `cashback:<order>:<level>` for earnings, `cashback-reverse:<order>:<level>` for their reversals. */
  unique_key: string | null;
  created_at: string;
}
export type CashbackEntryRow = Selectable<CashbackEntriesTable>;
