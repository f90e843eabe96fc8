import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testDialects, type TestDatabase } from '../../test/dialects.test-helpers';
import { newUserRow } from '../../test/factories.test-helpers';
import { readBalance, ledgerSums } from '../features/ledger/ledger.repository';
import { recordCashback } from '../features/cashback/record-cashback';
import { cashbackTotals } from '../features/cashback/cashback.repository';
import { findUserById } from '../features/users/users.repository';
import { isBanned } from '../features/users/users.service';
import { runAdminCaptured } from './admin.test-helpers';

// docs/reference/commerce.md (Operator command line)
describe.each(testDialects())('the admin command line on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
  });
  afterAll(() => database.cleanup());

  const admin = (...argv: string[]) => runAdminCaptured(database.db, argv);

  it('prints the usage for help and nothing, and refuses an unknown command or option with exit code 2', async () => {
    expect(await admin('help')).toMatchObject({ code: 0, out: expect.stringContaining('cashback pay') });
    expect((await admin()).code).toBe(0);
    expect(await admin('refund', 'everything')).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown command "refund everything"'),
    });
    expect(await admin('ledger', '--nope', 'x')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--nope'),
    });
  });

  it('adds and removes credits as adjust entries naming the operator and the reason, never below zero', async () => {
    const user = await newUserRow(database.db, { email: 'ops1@example.com', phone: '+8613800000001' });
    const added = await admin(
      'credits',
      'add',
      '--user',
      'OPS1@example.com',
      '--amount',
      '2.5',
      '--reason',
      'outage',
      '--by',
      'alice',
    );
    expect(added).toMatchObject({ code: 0, out: expect.stringContaining('balance now 2.5 credits') });
    const removed = await admin(
      'credits',
      'remove',
      '--user',
      '+8613800000001',
      '--amount',
      '0.5',
      '--reason',
      'typo',
    );
    expect(removed.code).toBe(0);
    expect(await readBalance(database.db, user.id)).toMatchObject({ credits: 200_000 });
    expect(await readBalance(database.db, user.id)).toEqual(await ledgerSums(database.db, user.id));
    const rows = await database.db
      .selectFrom('ledger_entries')
      .select(['kind', 'credits', 'reason'])
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => ({ ...r, credits: Number(r.credits) }))).toEqual([
      { kind: 'adjust', credits: 250_000, reason: 'outage (by alice)' },
      { kind: 'adjust', credits: -50_000, reason: 'typo (by root)' },
    ]);
    expect(
      await admin('credits', 'remove', '--user', user.id, '--amount', '3', '--reason', 'x'),
    ).toMatchObject({
      code: 1,
      err: expect.stringContaining('has 2 credits, fewer than 3'),
    });
    expect((await admin('ledger', '--user', user.id)).out).toContain('outage (by alice)');
  });

  it('refuses an unknown user, a bad amount and a missing reason', async () => {
    await newUserRow(database.db, { email: 'ops2@example.com' });
    expect(
      await admin('credits', 'add', '--user', 'ghost@example.com', '--amount', '1', '--reason', 'r'),
    ).toMatchObject({
      code: 1,
      err: expect.stringContaining('no user matches "ghost@example.com"'),
    });
    for (const amount of ['-1', '0', 'ten', '1.000001']) {
      expect(
        (await admin('credits', 'add', '--user', 'ops2@example.com', '--amount', amount, '--reason', 'r'))
          .code,
      ).toBe(2);
    }
    expect(await admin('credits', 'add', '--user', 'ops2@example.com', '--amount', '1')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--reason is required'),
    });
  });

  it('lists cash-back and pays it out as a withdrawal, refused above what can be paid', async () => {
    const db = database.db;
    const inviter = await newUserRow(db, { email: 'ops3@example.com' });
    const payer = await newUserRow(db, { inviter_id: inviter.id });
    await recordCashback(
      db,
      { orderId: 'cli-1', userId: payer.id, amountFen: 10_000, paidAt: '2025-01-01T00:00:00.000Z' },
      { percent: 15, secondLevelPercent: 5 },
    );
    expect((await admin('cashback', 'list', '--user', inviter.id)).out).toContain('can be paid now 15.00');
    expect(
      await admin('cashback', 'pay', '--user', inviter.id, '--amount', '15.01', '--reason', 'WeChat'),
    ).toMatchObject({
      code: 1,
      err: expect.stringContaining('at most 15.00 yuan'),
    });
    expect(
      (await admin('cashback', 'pay', '--user', inviter.id, '--amount', '1.001', '--reason', 'WeChat')).code,
    ).toBe(2);
    expect(
      await admin(
        'cashback',
        'pay',
        '--user',
        inviter.id,
        '--amount',
        '12.5',
        '--reason',
        'WeChat',
        '--by',
        'bob',
      ),
    ).toMatchObject({
      code: 0,
      out: expect.stringContaining('12.50 yuan'),
    });
    expect(await cashbackTotals(db, inviter.id, 'Asia/Shanghai')).toMatchObject({
      earnedFen: 1500,
      withdrawnFen: 1250,
    });
    const listed = await admin('cashback', 'list', '--user', 'ops3@example.com');
    expect(listed.out).toContain('-12.50  by bob  WeChat');
  });

  it('bans for some minutes and unbans', async () => {
    const user = await newUserRow(database.db, { email: 'ops4@example.com' });
    expect((await admin('ban', '--user', user.id, '--minutes', '0', '--reason', 'spam')).code).toBe(2);
    expect((await admin('ban', '--user', user.id, '--minutes', '60', '--reason', 'spam')).code).toBe(0);
    expect(isBanned((await findUserById(database.db, user.id))!)).toBe(true);
    expect((await admin('unban', '--user', user.id, '--by', 'carol')).code).toBe(0);
    expect(isBanned((await findUserById(database.db, user.id))!)).toBe(false);
    // Both actions are in the books with who and why, and move nothing.
    const notes = await database.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .execute();
    expect(notes.map((n) => [n.kind, Number(n.credits), n.gpt3_uses, n.gpt4_uses])).toEqual([
      ['admin', 0, 0, 0],
      ['admin', 0, 0, 0],
    ]);
    expect(notes[0]!.reason).toMatch(/^banned until \S+ by root: spam$/);
    expect(notes[1]!.reason).toBe('unbanned by carol');
    expect(await readBalance(database.db, user.id)).toEqual({ credits: 0, gpt3Uses: 0, gpt4Uses: 0 });
  });

  it('grants a card without payment: an admin order of 0 fen, the card in force, the ledger naming who and why', async () => {
    const user = await newUserRow(database.db, { email: 'card@example.com' });
    expect(
      await admin('card', 'grant', '--user', 'card@example.com', '--period', '2w', '--reason', 'x'),
    ).toMatchObject({
      code: 2,
      err: expect.stringContaining('--period must be one of 1d, 7d, 1m, 1mPlus'),
    });
    const granted = await admin(
      'card',
      'grant',
      '--user',
      'card@example.com',
      '--period',
      '7d',
      '--reason',
      'apology',
      '--by',
      'bob',
    );
    expect(granted).toMatchObject({
      code: 0,
      out: expect.stringContaining('Granted the 7d card to card@example.com'),
    });
    const order = await database.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ provider: 'admin', status: 'paid' });
    expect(Number(order.amount_fen)).toBe(0);
    const card = await database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(card.ends_at) - Date.parse(card.starts_at)).toBe(7 * 24 * 60 * 60 * 1000);
    const entry = await database.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'purchase', reason: 'granted the 7d card by bob: apology' });
    // The 7d card's 3.8 bonus credits and 30 gpt-4 uses; nothing was paid, so nobody earns cash-back.
    expect(await readBalance(database.db, user.id)).toEqual({ credits: 380_000, gpt3Uses: 0, gpt4Uses: 30 });
    expect(await ledgerSums(database.db, user.id)).toEqual(await readBalance(database.db, user.id));
    expect(
      await database.db
        .selectFrom('cashback_entries')
        .selectAll()
        .where('source_order_id', '=', order.id)
        .execute(),
    ).toEqual([]);

    const listed = await admin('orders', '--user', 'card@example.com');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(order.id);
    expect(listed.out).toMatch(/paid\s+admin\s+0\.00/);
  });
});
