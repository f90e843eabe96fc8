import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { expectLedgerMatches } from '../balance/balance.test-helpers';
import { readBalance } from '../ledger/ledger.repository';
import { applyPaidNotice } from './order-paid';
import { card1m, depsOf, pendingOrder, startShop } from './commerce.test-helpers';

const DAY = 24 * 60 * 60 * 1000;
const PAIRS = 8;

// docs/reference/commerce.md (Cards); docs/decisions.md, "Card activations are serialised per user"
describe.each(testDialects())('two cards paid at the same moment on %s', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await startShop(dialect, { provider: 'dev' });
  });
  afterAll(() => test.app.close());

  const pendingCard = (userId: string) => pendingOrder(depsOf(test), userId, card1m);

  it(`starts one now and the other after it, and tops the gpt-4 uses up once (${PAIRS} pairs)`, async () => {
    const db = test.database.db;
    const deps = depsOf(test);
    for (let pair = 0; pair < PAIRS; pair += 1) {
      const { user } = await newUser(test.app);
      const before = await readBalance(db, user.id);
      const notices = [await pendingCard(user.id), await pendingCard(user.id)];
      const paid = await Promise.all(notices.map((notice) => applyPaidNotice(deps, 'dev', notice)));
      expect(paid).toEqual([true, true]);
      const cards = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('starts_at')
        .execute();
      expect(cards).toHaveLength(2);
      const [first, second] = cards as [(typeof cards)[0], (typeof cards)[0]];
      expect(second.starts_at).toBe(first.ends_at);
      expect(Date.parse(second.ends_at) - Date.parse(second.starts_at)).toBe(30 * DAY);
      // The gift's gpt-4 uses raised to the card's 30 a day, once; each card's bonus of 7.8 credits.
      expect(await readBalance(db, user.id)).toEqual({
        credits: before.credits + 2 * 780_000,
        gpt3Uses: before.gpt3Uses,
        gpt4Uses: 30,
      });
      await expectLedgerMatches(db, user.id);
    }
  });
});
