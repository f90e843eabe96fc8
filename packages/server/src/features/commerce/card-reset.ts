import type { AppDeps } from '../../app-deps';
import { withTransaction } from '../../db/dialect-helpers';
import { nowIso } from '../../lib/clock';
import { appendEntry, lockBalance } from '../ledger/ledger.repository';
import { cardHolders } from './cards';

const PAGE = 500;

/**
 * The daily gpt-4 reset of card holders (docs/reference/commerce.md (Cards)), run at 00:01 with the other daily
 * jobs: each user whose card is in force gets their gpt-4 uses raised to the card's daily count (never lowered:
 * uses a gift gave stay). One transaction per user, keyed by the day, so a re-run resets nobody twice.
 */
export async function resetCardUses(deps: AppDeps, day: string): Promise<number> {
  const { db } = deps.database;
  const at = nowIso();
  let reset = 0;
  let after: string | null = null;
  for (;;) {
    const holders = await cardHolders(db, at, after, PAGE);
    for (const { userId, gpt4PerDay } of holders) {
      const done = await withTransaction(db, async (trx) => {
        const now = await lockBalance(trx, userId, false);
        const missing = gpt4PerDay - (now?.gpt4Uses ?? 0);
        if (missing <= 0) return false;
        return appendEntry(trx, {
          userId,
          kind: 'daily',
          change: { gpt4Uses: missing },
          reason: `card gpt-4 reset ${day}`,
          uniqueKey: `card:${day}:${userId}`,
        });
      });
      if (done) reset += 1;
    }
    if (holders.length < PAGE) return reset;
    after = holders[holders.length - 1]!.userId;
  }
}
