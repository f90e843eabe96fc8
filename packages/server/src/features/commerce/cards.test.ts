import { startSim, type Sim } from '@parley/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { startChatApp, type ChatApp } from '../chat/chat.test-helpers';
import { askModel, balanceOf, entries, expectLedgerMatches } from '../balance/balance.test-helpers';
import { runDailyJobs } from '../balance/daily-jobs';
import { appendEntry, readBalance } from '../ledger/ledger.repository';
import { resetCardUses } from './card-reset';
import { activeCard } from './cards';
import { card1m, paidOrder } from './commerce.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

const DAY = 24 * 60 * 60 * 1000;
const card1d = { ctype: 'subscription', price: 5, amount: 1, period: '1d' } as const;
const card7d = { ctype: 'subscription', price: 19, amount: 3.8, period: '7d' } as const;
const card1mPlus = { ctype: 'subscription', price: 99, amount: 19.8, period: '1mPlus' } as const;

// docs/reference/commerce.md (Cards)
describe.each(testDialects())('subscription cards on %s', (dialect) => {
  let app: ChatApp;
  const deps = () => ({ config: app.config, database: app.database, redis: null });
  const rows = (userId: string) =>
    app.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('starts_at')
      .execute();
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator, {
      balance: { registrationGift: { credits: 2000, gpt3Uses: 1, gpt4Uses: 2 } },
      titleConvo: false,
    });
  });
  afterAll(() => app.close());

  it("makes a card holder's gpt-3.5 calls free and unlimited; gpt-4 calls take the card's daily uses", async () => {
    const db = app.database.db;
    const { token, user } = await newUser(app.app);
    await paidOrder(deps(), user.id, card1m);
    const start = await readBalance(db, user.id);
    expect(start).toEqual({ credits: 2000 + 780_000, gpt3Uses: 1, gpt4Uses: 30 });
    for (let i = 0; i < 3; i += 1) {
      expect((await askModel(app, token, 'gpt-3.5-turbo')).events.final).toBeDefined();
    }
    expect(await readBalance(db, user.id)).toEqual(start);
    expect((await balanceOf(app, token)).body).toEqual({ c: start.credits, t: { 'gpt-3': -1, 'gpt-4': 30 } });
    // Each call still has its hold and its settlement, both of no change.
    const holds = await entries(db, user.id, 'hold');
    expect(holds).toHaveLength(3);
    expect(holds.every((h) => Number(h.credits) === 0 && h.gpt3_uses === 0)).toBe(true);
    expect((await askModel(app, token, 'gpt-4o')).events.final).toBeDefined();
    expect(await readBalance(db, user.id)).toEqual({ ...start, gpt4Uses: 29 });
    await expectLedgerMatches(db, user.id);
  });

  it('raises gpt-4 uses to the daily count in the daily job, once a day, and stops when the card ends', async () => {
    const db = app.database.db;
    const { user } = await newUser(app.app);
    await paidOrder(deps(), user.id, card7d);
    await appendEntry(db, { userId: user.id, kind: 'adjust', change: { gpt4Uses: -25 }, reason: 'used' });
    expect((await readBalance(db, user.id)).gpt4Uses).toBe(5);
    const result = await runDailyJobs(deps(), '2031-01-02', 'test');
    expect(result['card-gpt4-reset']).toBeGreaterThanOrEqual(1);
    expect((await readBalance(db, user.id)).gpt4Uses).toBe(30);
    // The same day again changes nothing; a user above the count is not lowered.
    await appendEntry(db, { userId: user.id, kind: 'adjust', change: { gpt4Uses: -1 }, reason: 'used' });
    await resetCardUses(deps(), '2031-01-02');
    expect((await readBalance(db, user.id)).gpt4Uses).toBe(29);
    await appendEntry(db, { userId: user.id, kind: 'adjust', change: { gpt4Uses: 20 }, reason: 'gift' });
    await resetCardUses(deps(), '2031-01-03');
    expect((await readBalance(db, user.id)).gpt4Uses).toBe(49);
    await expectLedgerMatches(db, user.id);

    // The card ends: gpt-3.5 is counted again and the next day's job passes the user by.
    const past = new Date(Date.now() - 1000).toISOString();
    await db.updateTable('subscriptions').set({ ends_at: past }).where('user_id', '=', user.id).execute();
    expect(await activeCard(db, user.id, new Date().toISOString())).toBeUndefined();
    await appendEntry(db, { userId: user.id, kind: 'adjust', change: { gpt4Uses: -49 }, reason: 'used' });
    await resetCardUses(deps(), '2031-01-04');
    expect(await readBalance(db, user.id)).toMatchObject({ gpt3Uses: 1, gpt4Uses: 0 });
  });

  it('shows normal free uses again after the card ends, and charges gpt-3.5 calls again', async () => {
    const db = app.database.db;
    const { token, user } = await newUser(app.app);
    await paidOrder(deps(), user.id, card1d);
    expect((await balanceOf(app, token)).body).toMatchObject({ t: { 'gpt-3': -1 } });
    const past = new Date(Date.now() - 1000).toISOString();
    await db.updateTable('subscriptions').set({ ends_at: past }).where('user_id', '=', user.id).execute();
    expect((await balanceOf(app, token)).body).toMatchObject({ t: { 'gpt-3': 1 } });
    await askModel(app, token, 'gpt-3.5-turbo');
    expect((await readBalance(db, user.id)).gpt3Uses).toBe(0);
    await expectLedgerMatches(db, user.id);
  });

  it('stacks: a lesser or equal card waits after the last; a better one starts now and pushes the rest later', async () => {
    const { user } = await newUser(app.app);
    const t0 = Date.now();
    await paidOrder(deps(), user.id, card7d);
    await paidOrder(deps(), user.id, card1d);
    let cards = await rows(user.id);
    expect(cards.map((c) => c.period)).toEqual(['7d', '1d']);
    expect(cards[1]!.starts_at).toBe(cards[0]!.ends_at);
    expect(Date.parse(cards[1]!.ends_at) - Date.parse(cards[0]!.ends_at)).toBe(DAY);
    const sevenEnds = Date.parse(cards[0]!.ends_at);
    expect(sevenEnds - t0).toBeGreaterThanOrEqual(7 * DAY - 5000);
    expect(sevenEnds - t0).toBeLessThanOrEqual(7 * DAY + 5000);

    // The premium card (100 gpt-4 a day) starts now; the 7-day and 1-day cards keep their days, 30 days later.
    await paidOrder(deps(), user.id, card1mPlus);
    cards = await rows(user.id);
    expect(cards.map((c) => c.period)).toEqual(['1mPlus', '7d', '1d']);
    const [plus, seven, one] = cards as [(typeof cards)[0], (typeof cards)[0], (typeof cards)[0]];
    expect(Date.parse(plus.starts_at)).toBeLessThanOrEqual(Date.now());
    expect(seven.starts_at).toBe(plus.ends_at);
    expect(Date.parse(seven.ends_at)).toBe(sevenEnds + 30 * DAY);
    expect(one.starts_at).toBe(seven.ends_at);
    expect((await activeCard(app.database.db, user.id, new Date().toISOString()))?.period).toBe('1mPlus');
    expect((await readBalance(app.database.db, user.id)).gpt4Uses).toBe(100);
    await expectLedgerMatches(app.database.db, user.id);
  });
});
