import type { AppDeps } from '../../app-deps';
import { withTransaction } from '../../db/dialect-helpers';
import { appendEntry, lockBalance, negativeBalanceUsers } from '../ledger/ledger.repository';

const PAGE = 500;

/**
 * The daily restore (docs/reference/balance.md (Daily restore)): every user whose credits are below zero gets their
 * free uses raised to the configured counts (10 gpt-3.5, 3 gpt-4 by default; never lowered) and the configured
 * credits added (0.1 credit). One transaction per user, keyed by the day, so a run that stops half-way and starts
 * again restores nobody twice. Answers how many users were restored.
 */
export async function restoreNegativeBalances(deps: AppDeps, day: string): Promise<number> {
  const { db } = deps.database;
  const target = deps.config.balance.dailyRestore;
  let restored = 0;
  let after: string | null = null;
  for (;;) {
    const users = await negativeBalanceUsers(db, after, PAGE);
    for (const userId of users) {
      const done = await withTransaction(db, async (trx) => {
        // Locked, and read again: a call may have settled since the list was read.
        const now = await lockBalance(trx, userId, true);
        if (!now) return false;
        const change = {
          credits: target.credits,
          gpt3Uses: Math.max(0, target.gpt3Uses - now.gpt3Uses),
          gpt4Uses: Math.max(0, target.gpt4Uses - now.gpt4Uses),
        };
        return appendEntry(trx, {
          userId,
          kind: 'daily',
          change,
          reason: `daily restore ${day}`,
          uniqueKey: `daily:${day}:${userId}`,
        });
      });
      if (done) restored += 1;
    }
    if (users.length < PAGE) return restored;
    after = users[users.length - 1]!;
  }
}
