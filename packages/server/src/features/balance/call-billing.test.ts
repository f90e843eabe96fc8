import { afterEach, describe, expect, it } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import type { AppDeps } from '../../app-deps';
import { withTransaction } from '../../db/dialect-helpers';
import { testConfig } from '../../../test/app.test-helpers';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import { newUserRow } from '../../../test/factories.test-helpers';
import { appendEntry, readBalance } from '../ledger/ledger.repository';
import { expectLedgerMatches, entries } from './balance.test-helpers';
import { holdForCall } from './call-billing';

// docs/reference/balance.md (A call): between two calls of a reply (tool steps), the call before is settled and the
// next held in one transaction; a next hold that fails takes nothing, and the call before is still settled once.
// The next hold decides on the balance the settlement left (its row locked by then), not by trying and reading again.

const SIZE = { promptTokens: 40, maxCompletionTokens: 100 };
const OUTCOME = { completed: true, newText: 'Adding.', messageId: 'm1' };
/** Between BEGIN and COMMIT: the settlement's entry and balance, the hold's take and entry. */
const STATEMENTS = {
  sqlite: ['InsertQueryNode', 'InsertQueryNode', 'UpdateQueryNode', 'InsertQueryNode'],
  postgres: ['InsertQueryNode', 'InsertQueryNode'],
};

describe.each(testDialects())('settling a call and holding the next, on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(async () => database?.cleanup());

  async function setUp() {
    database = await freshDatabase(dialect);
    const deps = {
      config: testConfig({ app: { checkBalance: true } }),
      database,
      redis: null,
    } as unknown as AppDeps;
    const { id: userId } = await newUserRow(database.db);
    // Credits only (call prices: a gpt-4o call holds 20000 units), enough for two calls.
    await appendEntry(database.db, { userId, kind: 'adjust', change: { credits: 50_000 }, reason: 'test' });
    const hold = () => withTransaction(database.db, (trx) => holdForCall(deps, trx, userId, 'gpt-4o', SIZE));
    return { deps, userId, first: (await hold())! };
  }

  it('settles the call and holds the next', async () => {
    const { deps, userId, first } = await setUp();
    const next = await first.settleThen(OUTCOME, (trx, locked) =>
      holdForCall(deps, trx, userId, 'gpt-4o', SIZE, locked),
    );
    expect(next).not.toBeNull();
    expect(await entries(database.db, userId, 'hold')).toHaveLength(2);
    const settled = await entries(database.db, userId, 'settle');
    expect(settled.map((e) => e.reason)).toEqual(['charged 20000 for gpt-4o']);
    expect((await readBalance(database.db, userId)).credits).toBe(10_000);
    await expectLedgerMatches(database.db, userId);
  });

  it('a next hold that fails is taken back, and the call before is settled once all the same', async () => {
    const { deps, userId, first } = await setUp();
    const broken = first.settleThen(OUTCOME, async (trx) => {
      await holdForCall(deps, trx, userId, 'gpt-4o', SIZE);
      throw new Error('broke after holding');
    });
    await expect(broken).rejects.toThrow('broke after holding');
    expect(await entries(database.db, userId, 'hold')).toHaveLength(1);
    expect(await entries(database.db, userId, 'settle')).toHaveLength(1);
    // Settled by the outcome it was given (completed: charged, not given back).
    expect((await readBalance(database.db, userId)).credits).toBe(30_000);
    // Settled: a later settle (the reply's end) writes nothing more.
    await first.settle({ ...OUTCOME, completed: false, newText: '' });
    expect(await entries(database.db, userId, 'settle')).toHaveLength(1);
    await expectLedgerMatches(database.db, userId);
  });

  it('on the balance the settlement left, in 4 statements (2 on PostgreSQL), a free use it gave back taken next', async () => {
    const setUpHold = await setUp();
    const { userId } = setUpHold;
    await setUpHold.first.release();
    // One free gpt-4 use: the first call holds it; released (nothing said), the settlement gives it back.
    await appendEntry(database.db, { userId, kind: 'adjust', change: { gpt4Uses: 1 }, reason: 'test' });
    const counter = new StatementCounter();
    const db = database.db.withPlugin(counter);
    const deps = { ...setUpHold.deps, database: { ...database, db } } as unknown as AppDeps;
    const first = (await withTransaction(db, (trx) => holdForCall(deps, trx, userId, 'gpt-4o', SIZE)))!;
    expect((await readBalance(database.db, userId)).gpt4Uses).toBe(0);
    counter.kinds = [];
    const released = { ...OUTCOME, completed: false, newText: '' };
    const next = await first.settleThen(released, (trx, locked) =>
      holdForCall(deps, trx, userId, 'gpt-4o', SIZE, locked),
    );
    // The settlement (entry, balance), then the use taken and its hold: no failed try, no second read. PostgreSQL
    // writes each pair as one statement.
    expect(counter.kinds).toEqual(STATEMENTS[dialect]);
    const holds = await entries(database.db, userId, 'hold');
    expect(holds.filter((e) => Number(e.gpt4_uses) === -1)).toHaveLength(2);
    expect(await readBalance(database.db, userId)).toEqual({ credits: 50_000, gpt3Uses: 0, gpt4Uses: 0 });

    // The use spent: the call after that is paid in credits, in as many statements.
    counter.kinds = [];
    await next!.settleThen(OUTCOME, (trx, locked) => holdForCall(deps, trx, userId, 'gpt-4o', SIZE, locked));
    expect(counter.kinds).toEqual(STATEMENTS[dialect]);
    const inCredits = (await entries(database.db, userId, 'hold')).filter(
      (e) => Number(e.credits) === -20_000,
    );
    expect(inCredits).toHaveLength(2);
    expect((await readBalance(database.db, userId)).credits).toBe(30_000);
    await expectLedgerMatches(database.db, userId);
  });
});

/** Counts the statements run through a Kysely instance, by kind (its plugin hook sees each one before it runs). */
class StatementCounter implements KyselyPlugin {
  kinds: string[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.kinds.push(args.node.kind);
    return args.node;
  }
  async transformResult<R>(args: { result: R }): Promise<R> {
    return args.result;
  }
}
