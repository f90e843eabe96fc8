import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialects, freshDatabase, type TestDatabase } from '../../../test/dialects.test-helpers';
import { newUserRow } from '../../../test/factories.test-helpers';
import type { Db } from '../../db/database';
import { cashbackTotals, payableFen, recordWithdrawal, WithdrawalTooLarge } from './cashback.repository';
import { recordCashback } from './record-cashback';
import { parseYuan, shareOf } from './money';

const ZONE = 'Asia/Shanghai';
const SHARES = { percent: 15, secondLevelPercent: 5 };

/** A chain grand → parent → payer, as registration records it (both levels copied onto the payer). */
async function chain(db: Db) {
  const grand = await newUserRow(db);
  const parent = await newUserRow(db, { inviter_id: grand.id });
  const payer = await newUserRow(db, { inviter_id: parent.id, second_inviter_id: grand.id });
  return { grand, parent, payer };
}

const rows = (db: Db, userId: string) =>
  db.selectFrom('cashback_entries').selectAll().where('user_id', '=', userId).execute();

describe('cash-back money helpers', () => {
  it('floors a share to the fen and reads yuan exactly', () => {
    expect(shareOf(1999, 15)).toBe(299);
    expect(shareOf(1999, 5)).toBe(99);
    expect(shareOf(3, 15)).toBe(0);
    expect(shareOf(10_000, 7.5)).toBe(750);
    expect(parseYuan('12.3')).toBe(1230);
    expect(parseYuan('0.07')).toBe(7);
    expect(parseYuan('1.234')).toBeUndefined();
    expect(parseYuan('-1')).toBeUndefined();
  });
});

// docs/reference/commerce.md (Invites and cash-back)
describe.each(testDialects())('cash-back on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
  });
  afterAll(() => database.cleanup());
  afterEach(() => vi.useRealTimers());

  it('gives 15% to the inviter and 5% to the second level, floored to the fen, once per order', async () => {
    const db = database.db;
    const { grand, parent, payer } = await chain(db);
    const paid = {
      orderId: 'order-a',
      userId: payer.id,
      amountFen: 1999,
      paidAt: '2026-03-01T02:00:00.000Z',
    };
    await db.transaction().execute((trx) => recordCashback(trx, paid, SHARES));
    // A replayed payment notice writes nothing more.
    await db.transaction().execute((trx) => recordCashback(trx, paid, SHARES));
    expect(await rows(db, parent.id)).toMatchObject([
      {
        kind: 'earn',
        level: 1,
        source_order_id: 'order-a',
        source_user_id: payer.id,
        unique_key: 'cashback:order-a:1',
      },
    ]);
    expect(Number((await rows(db, parent.id))[0]!.amount_fen)).toBe(299);
    expect(Number((await rows(db, parent.id))[0]!.source_amount_fen)).toBe(1999);
    const second = await rows(db, grand.id);
    expect(second).toMatchObject([{ kind: 'earn', level: 2, unique_key: 'cashback:order-a:2' }]);
    expect(Number(second[0]!.amount_fen)).toBe(99);
    expect(await rows(db, payer.id)).toEqual([]);
  });

  it('writes nothing for a payer nobody invited, nor for a share that rounds to zero', async () => {
    const db = database.db;
    const alone = await newUserRow(db);
    await recordCashback(
      db,
      { orderId: 'order-b', userId: alone.id, amountFen: 5000, paidAt: new Date().toISOString() },
      SHARES,
    );
    const { parent, payer } = await chain(db);
    await recordCashback(
      db,
      { orderId: 'order-c', userId: payer.id, amountFen: 6, paidAt: new Date().toISOString() },
      SHARES,
    );
    const written = await db
      .selectFrom('cashback_entries')
      .selectAll()
      .where('source_order_id', 'in', ['order-b', 'order-c'])
      .execute();
    expect(written).toEqual([]);
    // 15% of 6 fen is 0.9: the first level gets nothing, the second (0.3) neither.
    expect(await rows(db, parent.id)).toEqual([]);
  });

  it("keeps today's cash-back (in the balance's time zone) out of what can be paid, until the next day", async () => {
    const db = database.db;
    const { parent, payer } = await chain(db);
    vi.useFakeTimers({ toFake: ['Date'] });
    // 2026-03-01 23:30 in Shanghai (15:30 UTC): an order paid the day before and one paid now.
    vi.setSystemTime(new Date('2026-03-01T15:30:00.000Z'));
    await recordCashback(
      db,
      { orderId: 'order-d1', userId: payer.id, amountFen: 10_000, paidAt: '2026-02-28T10:00:00.000Z' },
      SHARES,
    );
    await recordCashback(
      db,
      { orderId: 'order-d2', userId: payer.id, amountFen: 20_000, paidAt: '2026-03-01T15:00:00.000Z' },
      SHARES,
    );
    const today = await cashbackTotals(db, parent.id, ZONE);
    expect(today).toEqual({ earnedFen: 4500, earnedTodayFen: 3000, withdrawnFen: 0, sourceFen: 30_000 });
    expect(payableFen(today)).toBe(1500);
    // Still 2026-03-01 in UTC, but past midnight in Shanghai: yesterday's earnings are payable.
    vi.setSystemTime(new Date('2026-03-01T16:30:00.000Z'));
    expect(payableFen(await cashbackTotals(db, parent.id, ZONE))).toBe(4500);
  });

  it('refuses a withdrawal above what can be paid, and counts the ones paid', async () => {
    const db = database.db;
    const { parent, payer } = await chain(db);
    await recordCashback(
      db,
      { orderId: 'order-e', userId: payer.id, amountFen: 10_000, paidAt: '2025-01-01T00:00:00.000Z' },
      SHARES,
    );
    const w = { userId: parent.id, reason: 'paid by WeChat', operator: 'alice' };
    await expect(recordWithdrawal(db, { ...w, amountFen: 1501 }, ZONE)).rejects.toEqual(
      new WithdrawalTooLarge(1500),
    );
    const paid = await recordWithdrawal(db, { ...w, amountFen: 1000 }, ZONE);
    expect(paid).toMatchObject({ kind: 'withdraw', operator: 'alice', reason: 'paid by WeChat' });
    expect(Number(paid.amount_fen)).toBe(-1000);
    await expect(recordWithdrawal(db, { ...w, amountFen: 501 }, ZONE)).rejects.toBeInstanceOf(
      WithdrawalTooLarge,
    );
    await recordWithdrawal(db, { ...w, amountFen: 500 }, ZONE);
    const totals = await cashbackTotals(db, parent.id, ZONE);
    expect(totals).toMatchObject({ earnedFen: 1500, withdrawnFen: 1500 });
    expect(payableFen(totals)).toBe(0);
  });

  it('lets two withdrawals at once pay no more than the payable amount', async () => {
    const db = database.db;
    const { parent, payer } = await chain(db);
    await recordCashback(
      db,
      { orderId: 'order-f', userId: payer.id, amountFen: 10_000, paidAt: '2025-01-01T00:00:00.000Z' },
      SHARES,
    );
    const w = { userId: parent.id, reason: 'race', operator: 'bob', amountFen: 1000 };
    const results = await Promise.allSettled([recordWithdrawal(db, w, ZONE), recordWithdrawal(db, w, ZONE)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await cashbackTotals(db, parent.id, ZONE)).withdrawnFen).toBe(1000);
  });
});
