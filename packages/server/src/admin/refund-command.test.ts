import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testDialects, type TestDatabase } from '../../test/dialects.test-helpers';
import { newUserRow } from '../../test/factories.test-helpers';
import { readBalance, ledgerSums } from '../features/ledger/ledger.repository';
import { cashbackTotals } from '../features/cashback/cashback.repository';
import { findUserById } from '../features/users/users.repository';
import { DEFAULT_BALANCE } from '../config/balance-settings';
import { readShopSettings } from '../config/shop-settings';
import type { AppDeps } from '../app-deps';
import { getBalance } from '../features/balance/balance.service';
import { payableFen } from '../features/cashback/cashback.repository';
import { inviteStats } from '../features/cashback/invite-stats.service';
import { card1m, pack10, paidOrder } from '../features/commerce/commerce.test-helpers';
import { appendEntry } from '../features/ledger/ledger.repository';
import { insertOrder } from '../features/commerce/orders.repository';
import { resetCardUses } from '../features/commerce/card-reset';
import { runAdminCaptured } from './admin.test-helpers';

// docs/reference/commerce.md (Operator command line)
describe.each(testDialects())('the admin refund command on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
  });
  afterAll(() => database.cleanup());
  const admin = (...argv: string[]) => runAdminCaptured(database.db, argv);

  const invites = { percent: 15, secondLevelPercent: 5 };
  const deps = () =>
    ({
      config: {
        app: { checkBalance: true },
        shop: readShopSettings(null),
        invites: { ...invites, adminWx: '', registerGiftFen: 0 },
        balance: DEFAULT_BALANCE,
      },
      database: { db: database.db },
      redis: null,
    }) as unknown as AppDeps;
  const refund = (orderId: string, ...more: string[]) =>
    admin('refund', '--order', orderId, '--reason', 'charged twice', ...more);
  const gift = (userId: string, gpt4Uses: number) =>
    appendEntry(database.db, { userId, kind: 'gift', change: { gpt4Uses }, reason: `gift ${gpt4Uses}` });
  /** A gpt-4 call as billing writes it: a hold of one use, then a settlement that keeps it or gives it back. */
  const gpt4Call = async (userId: string) => {
    const id = randomUUID();
    await appendEntry(database.db, {
      id,
      userId,
      kind: 'hold',
      change: { gpt4Uses: -1 },
      reason: 'call gpt-4',
    });
    const settle = (back: number) =>
      appendEntry(database.db, {
        userId,
        kind: 'settle',
        change: { gpt4Uses: back },
        reason: back ? 'released' : 'settled',
        uniqueKey: `settle:${id}`,
      });
    return { keep: () => settle(0), release: () => settle(1) };
  };
  const calls = async (userId: string, n: number) => {
    for (let i = 0; i < n; i++) await (await gpt4Call(userId)).keep();
  };
  const stats = async (id: string) => inviteStats(deps(), (await findUserById(database.db, id))!);

  it('takes a pack back below zero in one refund entry, reverses both levels of cash-back, and refuses a second refund', async () => {
    const db = database.db;
    const grand = await newUserRow(db);
    const inviter = await newUserRow(db, { inviter_id: grand.id });
    const payer = await newUserRow(db, { inviter_id: inviter.id, second_inviter_id: grand.id });
    const orderId = await paidOrder(deps(), payer.id, pack10);
    // Paid through WeChat Pay (the helper pays as the dev provider does): the money is returned there.
    await db.updateTable('orders').set({ provider: 'wechat' }).where('id', '=', orderId).execute();
    // The payer spends 4 of the 10 credits before the refund.
    await appendEntry(db, {
      userId: payer.id,
      kind: 'adjust',
      change: { credits: -4 * 100_000 },
      reason: 'spent',
    });
    const before = await readBalance(db, payer.id);
    expect(await stats(inviter.id)).toMatchObject({ totalPrice: 10, totalPriceToday: 1.5 });
    expect(await stats(grand.id)).toMatchObject({ totalPrice: 10, totalPriceToday: 0.5 });

    const done = await refund(orderId, '--by', 'alice');
    expect(done.code).toBe(0);
    expect(done.out).toContain(`Refunded order ${orderId}`);
    expect(done.out).toContain('balance now -4 credits (below zero');
    expect(done.out).toContain('refund 10.00 yuan to the payer in the wechat console');
    expect(
      (await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow())
        .status,
    ).toBe('refunded');
    const after = await readBalance(db, payer.id);
    expect(after.credits).toBe(before.credits - 10 * 100_000);
    expect(after.credits).toBe(-4 * 100_000);
    expect(await ledgerSums(db, payer.id)).toEqual(after);
    const entry = await db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', payer.id)
      .where('kind', '=', 'refund')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ unique_key: `refund:${orderId}`, ref_id: orderId });
    expect(entry.reason).toBe(`refunded order ${orderId} by alice: charged twice`);

    // Both inviters' shares reversed by rows naming the operator and the reason.
    const reversals = await db
      .selectFrom('cashback_entries')
      .selectAll()
      .where('source_order_id', '=', orderId)
      .where('kind', '=', 'reverse')
      .orderBy('level')
      .execute();
    expect(
      reversals.map((r) => [r.user_id, Number(r.amount_fen), r.level, r.operator, r.unique_key]),
    ).toEqual([
      [inviter.id, -150, 1, 'alice', `cashback-reverse:${orderId}:1`],
      [grand.id, -50, 2, 'alice', `cashback-reverse:${orderId}:2`],
    ]);
    expect(reversals[0]!.reason).toContain('charged twice');
    for (const id of [inviter.id, grand.id]) {
      expect(await cashbackTotals(db, id, 'Asia/Shanghai')).toEqual({
        earnedFen: 0,
        earnedTodayFen: 0,
        withdrawnFen: 0,
        sourceFen: 0,
      });
      expect(await stats(id)).toMatchObject({ totalPrice: 0, totalPriceToday: 0, totalPriceCanPay: 0 });
    }

    // A second refund is refused and writes nothing.
    const rows = async () => ({
      ledger: (await db.selectFrom('ledger_entries').select('id').where('user_id', '=', payer.id).execute())
        .length,
      cashback: (
        await db.selectFrom('cashback_entries').select('id').where('source_order_id', '=', orderId).execute()
      ).length,
    });
    const counted = await rows();
    expect(await refund(orderId)).toMatchObject({
      code: 1,
      err: expect.stringContaining('already refunded'),
    });
    expect(await rows()).toEqual(counted);
    expect(await readBalance(db, payer.id)).toEqual(after);
  });

  it('shows what can be paid as 0 when cash-back already paid out is reversed', async () => {
    const db = database.db;
    const inviter = await newUserRow(db, { email: 'paidout@example.com' });
    const payer = await newUserRow(db, { inviter_id: inviter.id });
    const orderId = await paidOrder(deps(), payer.id, pack10);
    // Earned long ago, and paid out.
    await db
      .updateTable('cashback_entries')
      .set({ created_at: '2025-01-01T00:00:00.000Z' })
      .where('source_order_id', '=', orderId)
      .execute();
    expect(
      (await admin('cashback', 'pay', '--user', inviter.id, '--amount', '1.5', '--reason', 'WeChat')).code,
    ).toBe(0);
    expect((await refund(orderId)).code).toBe(0);
    const totals = await cashbackTotals(db, inviter.id, 'Asia/Shanghai');
    expect(totals).toMatchObject({ earnedFen: 0, earnedTodayFen: 0, withdrawnFen: 150 });
    expect(payableFen(totals)).toBe(0);
    expect(await stats(inviter.id)).toMatchObject({
      totalPriceCanPay: 0,
      totalPricePayed: 1.5,
      totalPrice: 0,
    });
    expect((await admin('cashback', 'list', '--user', inviter.id)).out).toMatch(
      /reverse\s+-1\.50\s+level 1, order \w+, by root/,
    );
  });

  it('ends a card now, takes its bonus back, and moves the card waiting after it earlier', async () => {
    const db = database.db;
    const alone = await newUserRow(db);
    const orderId = await paidOrder(deps(), alone.id, card1m);
    expect((await getBalance(deps(), alone.id)).t['gpt-3']).toBe(-1);
    const done = await refund(orderId);
    expect(done).toMatchObject({ code: 0, out: expect.stringContaining('The card ended now') });
    expect((await getBalance(deps(), alone.id)).t['gpt-3']).not.toBe(-1);
    // The 30 gpt-4 uses the card gave on purchase go with it.
    expect(await readBalance(db, alone.id)).toMatchObject({ credits: 0, gpt4Uses: 0 });
    expect(done.out).toContain('Took back 30 gpt-4 uses the card had given.');
    expect(await ledgerSums(db, alone.id)).toEqual(await readBalance(db, alone.id));

    // Two monthly cards: the second waits 30 days; refunding the first makes it start now.
    const two = await newUserRow(db);
    const first = await paidOrder(deps(), two.id, card1m);
    const second = await paidOrder(deps(), two.id, card1m);
    const cardOf = (order: string) =>
      db.selectFrom('subscriptions').selectAll().where('order_id', '=', order).executeTakeFirstOrThrow();
    const waiting = await cardOf(second);
    expect((await refund(first)).code).toBe(0);
    const moved = await cardOf(second);
    const ended = await cardOf(first);
    expect(moved.starts_at).toBe(ended.ends_at);
    expect(Date.parse(waiting.starts_at) - Date.parse(moved.starts_at)).toBeGreaterThan(
      29.9 * 24 * 3600 * 1000,
    );
    expect(Date.parse(moved.ends_at) - Date.parse(moved.starts_at)).toBe(30 * 24 * 3600 * 1000);
    expect((await getBalance(deps(), two.id)).t['gpt-3']).toBe(-1);
    // One card's bonus (7.8) is left, and the card that took over keeps today's 30 gpt-4 uses.
    expect(await readBalance(db, two.id)).toMatchObject({ credits: 780_000, gpt4Uses: 30 });
  });

  it("takes back the gpt-4 uses the card gave and the user still holds; a gift's stay, spent ones are no debt", async () => {
    const db = database.db;
    const user = await newUserRow(db);
    await gift(user.id, 3);
    // The monthly card tops today's gpt-4 uses up to its 30: 27 more.
    const orderId = await paidOrder(deps(), user.id, card1m);
    expect((await readBalance(db, user.id)).gpt4Uses).toBe(30);
    await calls(user.id, 5);
    await gift(user.id, 4);
    // 29 held: the card's 27 less the 5 calls (taken from the card's first) are 22; the gifts' 3 and 4 stay.
    const done = await refund(orderId);
    expect(done.out).toContain('Took back 22 gpt-4 uses the card had given.');
    expect((await readBalance(db, user.id)).gpt4Uses).toBe(7);
    expect(await ledgerSums(db, user.id)).toEqual(await readBalance(db, user.id));

    // Calls that spent more than the card gave leave nothing to take back.
    const spender = await newUserRow(db);
    const spent = await paidOrder(deps(), spender.id, card1m);
    await calls(spender.id, 30);
    await gift(spender.id, 2);
    const none = await refund(spent);
    expect(none.out).not.toContain('gpt-4 uses');
    expect((await readBalance(db, spender.id)).gpt4Uses).toBe(2);

    // The daily reset's top-ups are the card's too. Gift 3, card 27, 30 calls (the card's 27, then the gift's 3),
    // and the reset's 30: all 30 held are the card's.
    const daily = await newUserRow(db);
    await gift(daily.id, 3);
    const kept = await paidOrder(deps(), daily.id, card1m);
    await calls(daily.id, 30);
    expect(await resetCardUses(deps(), '2031-01-02')).toBeGreaterThanOrEqual(1);
    expect((await readBalance(db, daily.id)).gpt4Uses).toBe(30);
    expect((await refund(kept)).out).toContain('Took back 30 gpt-4 uses the card had given.');
    expect((await readBalance(db, daily.id)).gpt4Uses).toBe(0);
  });

  it("gives a released call's use back to where its hold took it from", async () => {
    const db = database.db;
    const user = await newUserRow(db);
    await gift(user.id, 5);
    // A call before the card holds one of the gift's uses; the card tops 4 up to 30 (26); a call on the card is
    // released; then the first call is released too.
    const first = await gpt4Call(user.id);
    const orderId = await paidOrder(deps(), user.id, card1m);
    await (await gpt4Call(user.id)).release();
    await first.release();
    expect((await readBalance(db, user.id)).gpt4Uses).toBe(31);
    expect((await refund(orderId)).out).toContain('Took back 26 gpt-4 uses the card had given.');
    expect((await readBalance(db, user.id)).gpt4Uses).toBe(5);
  });

  it('counts only what a card gave since it came into force, when a bigger card had pushed it later', async () => {
    const db = database.db;
    const user = await newUserRow(db);
    const card1mPlus = { ...card1m, price: 99, amount: 19.8, period: '1mPlus' as const, access: undefined };
    const monthly = await paidOrder(deps(), user.id, card1m);
    const plus = await paidOrder(deps(), user.id, card1mPlus);
    expect((await readBalance(db, user.id)).gpt4Uses).toBe(100);
    // The bigger card runs out and the monthly one comes back into force: it has given nothing since.
    // (A few milliseconds after the purchases, so their entries are clearly before it.)
    await new Promise((resolve) => setTimeout(resolve, 5));
    const turn = new Date(Date.now() - 1).toISOString();
    await db.updateTable('subscriptions').set({ ends_at: turn }).where('order_id', '=', plus).execute();
    await db.updateTable('subscriptions').set({ starts_at: turn }).where('order_id', '=', monthly).execute();
    const done = await refund(monthly);
    expect(done.out).toContain('The card ended now');
    expect(done.out).not.toContain('gpt-4 uses');
    expect((await readBalance(db, user.id)).gpt4Uses).toBe(100);
  });

  it('refuses a pending order, an unknown order and a missing --order or --reason', async () => {
    const db = database.db;
    const user = await newUserRow(db);
    await insertOrder(db, {
      id: 'pending0000000000000000000000001',
      userId: user.id,
      option: { ctype: 'credits', price: 10, credits: 10 },
      amountFen: 1000,
      provider: 'wechat',
      status: 'pending',
    });
    expect(await refund('pending0000000000000000000000001')).toMatchObject({
      code: 1,
      err: expect.stringContaining('is pending, not paid'),
    });
    expect(await refund('nosuchorder')).toMatchObject({
      code: 1,
      err: expect.stringContaining('no order nosuchorder'),
    });
    expect((await admin('refund', '--reason', 'x')).code).toBe(2);
    expect((await admin('refund', '--order', 'nosuchorder')).code).toBe(2);
    expect(await readBalance(db, user.id)).toEqual({ credits: 0, gpt3Uses: 0, gpt4Uses: 0 });
  });
});
