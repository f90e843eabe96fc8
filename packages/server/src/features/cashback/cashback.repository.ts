import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { isPostgres, withTransaction } from '../../db/dialect-helpers';
import { nowIso } from '../../lib/clock';
import { localTime } from '../balance/daily-clock';
import type { CashbackEntryRow } from './cashback.table';

/**
 * A user's cash-back in fen: what was earned (less what refunds reversed), earned today, paid out, and what the
 * payments earning it were (less the refunded ones).
 */
export interface CashbackTotals {
  earnedFen: number;
  earnedTodayFen: number;
  withdrawnFen: number;
  sourceFen: number;
}

/**
 * The sums of a user's entries. "Today" is the calendar day of `now` in `timeZone` (the balance's zone); entries of
 * the last two days are read and dated there, so no time-zone arithmetic is needed in SQL.
 */
export async function cashbackTotals(
  db: Db,
  userId: string,
  timeZone: string,
  now = new Date(),
): Promise<CashbackTotals> {
  const sums = await db
    .selectFrom('cashback_entries')
    .select((eb) => [
      'kind',
      eb.fn.sum<number | string | null>('amount_fen').as('amount'),
      eb.fn.sum<number | string | null>('source_amount_fen').as('source'),
    ])
    .where('user_id', '=', userId)
    .groupBy('kind')
    .execute();
  const of = (kind: string) => sums.find((s) => s.kind === kind);
  const today = localTime(now, timeZone).day;
  const since = new Date(now.getTime() - 48 * 60 * 60 * 1000).toISOString();
  const recent = await db
    .selectFrom('cashback_entries')
    .select(['kind', 'amount_fen', 'created_at', 'source_order_id', 'level'])
    .where('user_id', '=', userId)
    .where('kind', 'in', ['earn', 'reverse'])
    .where('created_at', '>=', since)
    .execute();
  // A reversal cancels its earning on the earning's day, not its own: an old earning taken back today must not
  // make today's figure negative (which would raise what may be paid). A reversal is never older than its earning.
  const share = (r: { source_order_id: string | null; level: number | null }) =>
    `${r.source_order_id}:${r.level}`;
  const reversed = new Set(recent.filter((r) => r.kind === 'reverse').map(share));
  const earnedTodayFen = recent
    .filter((r) => r.kind === 'earn' && !reversed.has(share(r)))
    .filter((r) => localTime(new Date(r.created_at), timeZone).day === today)
    .reduce((sum, r) => sum + Number(r.amount_fen), 0);
  const sum = (kind: string, field: 'amount' | 'source') => Number(of(kind)?.[field] ?? 0);
  return {
    earnedFen: sum('earn', 'amount') + sum('reverse', 'amount'),
    earnedTodayFen,
    withdrawnFen: -sum('withdraw', 'amount') || 0,
    sourceFen: sum('earn', 'source') + sum('reverse', 'source'),
  };
}

/**
 * What may be paid out now: earned, less today's earnings, less what was paid; never below zero (after a refund
 * reversed cash-back already paid out, the user owes the difference: shown as 0, and later earnings settle it).
 */
export const payableFen = (t: CashbackTotals): number =>
  Math.max(0, t.earnedFen - t.earnedTodayFen - t.withdrawnFen);

/** A user's entries, newest first. */
export function listCashback(db: Db, userId: string, limit = 100): Promise<CashbackEntryRow[]> {
  return db
    .selectFrom('cashback_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export interface Withdrawal {
  userId: string;
  amountFen: number;
  reason: string;
  operator: string;
}

/** Answered when a withdrawal would pay more than may be paid. */
export class WithdrawalTooLarge extends Error {
  constructor(readonly payableFen: number) {
    super(`at most ${payableFen} fen may be paid`);
  }
}

/**
 * Records a cash-out the operator paid: a negative `withdraw` entry naming who and why, refused above what may be
 * paid now. One transaction; on PostgreSQL the user's row is locked first so two cash-outs at once cannot both
 * pass the check (SQLite runs one writing transaction at a time).
 */
export async function recordWithdrawal(db: Db, w: Withdrawal, timeZone: string): Promise<CashbackEntryRow> {
  return withTransaction(db, async (trx) => {
    if (isPostgres(trx)) {
      await trx.selectFrom('users').select('id').where('id', '=', w.userId).forUpdate().execute();
    }
    const can = payableFen(await cashbackTotals(trx, w.userId, timeZone));
    if (w.amountFen > can) throw new WithdrawalTooLarge(can);
    return trx
      .insertInto('cashback_entries')
      .values({
        id: randomUUID(),
        user_id: w.userId,
        kind: 'withdraw',
        amount_fen: -w.amountFen,
        level: null,
        source_order_id: null,
        source_user_id: null,
        source_amount_fen: null,
        reason: w.reason,
        operator: w.operator,
        unique_key: null,
        created_at: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
