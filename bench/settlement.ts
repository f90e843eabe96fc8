import type { DialectName } from '../packages/server/src/db/database';
import type { AppDeps } from '../packages/server/src/app-deps';
import { withTransaction } from '../packages/server/src/db/dialect-helpers';
import { holdForCall } from '../packages/server/src/features/balance/call-billing';
import {
  appendEntry,
  ledgerSums,
  readBalance,
} from '../packages/server/src/features/ledger/ledger.repository';
import { testConfig } from '../packages/server/test/app.test-helpers';
import { freshBenchDatabase } from './lib/databases';
import { Random } from './lib/random';
import { openSeeder } from './lib/seed';
import { ms, percentile, progress, type BenchResult } from './lib/stats';

const USERS = 100;
const CALLS_PER_USER = 20;
const MODEL = 'gpt-4o';
const REPLY = 'A short reply of a few words, as a settled call carries.';

/**
 * Settlement throughput (docs/reference/balance.md (A call)): 100 users spending at once, each making 20 calls one
 * after the other: the hold before the call and its settlement after, each its own transaction, as a real turn
 * does, with no provider in between. Figure: settled calls per second (higher is better). The books are checked
 * afterwards: every user's ledger sums equal the cached balance, and every call was settled once.
 */
export async function settlement(dialect: DialectName): Promise<BenchResult> {
  const d = await freshBenchDatabase(dialect, 'settlement');
  try {
    const rnd = new Random(20261124);
    const users = Array.from({ length: USERS }, () => rnd.uuid());
    const seeder = await openSeeder(dialect, d.where, { bulk: false });
    await seeder.users(users);
    await seeder.finish();
    const config = testConfig({ app: { checkBalance: true } });
    const deps = { config, database: d, redis: null } as unknown as AppDeps;
    // Credits for every call at the gpt-4 family's price, and no free uses: each call holds and settles credits.
    for (const userId of users) {
      await appendEntry(d.db, {
        userId,
        kind: 'adjust',
        change: { credits: 100 * 100_000 },
        reason: 'bench credits',
      });
    }
    progress(`${dialect}: ${USERS} users × ${CALLS_PER_USER} calls, hold then settle`);
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      users.map(async (userId) => {
        for (let i = 0; i < CALLS_PER_USER; i += 1) {
          const t0 = performance.now();
          // A short prompt and the reply the chat pipeline would allow gpt-4o (call-billing.ts, CallSize).
          const billing = await withTransaction(d.db, (trx) =>
            holdForCall(deps, trx, userId, MODEL, { promptTokens: 8, maxCompletionTokens: 16_384 }),
          );
          await billing!.settle({ completed: true, newText: REPLY, messageId: rnd.uuid() });
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const calls = USERS * CALLS_PER_USER;
    const perSecond = calls / seconds;

    const settled = await d.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'settle')
      .executeTakeFirstOrThrow();
    const missed: string[] = [];
    if (Number(settled.n) !== calls) missed.push(`${settled.n} settlements for ${calls} calls`);
    for (const userId of users) {
      const [sums, cached] = [await ledgerSums(d.db, userId), await readBalance(d.db, userId)];
      if (JSON.stringify(sums) !== JSON.stringify(cached)) missed.push(`books differ for ${userId}`);
    }
    return {
      name: `settlement/${dialect}`,
      figure: perSecond,
      unit: 'calls/s',
      budget: 200,
      better: 'higher',
      missed,
      context:
        `${calls.toLocaleString('en')} calls by ${USERS} users at once (${CALLS_PER_USER} each, one after the other), ` +
        `hold + settle per call in ${ms(seconds * 1000)} ms; per call p50 ${ms(percentile(latencies, 50))} ms, ` +
        `p95 ${ms(percentile(latencies, 95))} ms; books checked: ledger sums = cached balances`,
    };
  } finally {
    await d.cleanup();
  }
}
