import { afterEach, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/dialect-helpers';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import { newUserRow } from '../../../test/factories.test-helpers';
import { appendEntry, appendEntryLocking, ledgerSums, readBalance, takeWithEntry } from './ledger.repository';

// The ledger's writes that PostgreSQL does in one statement (a data-modifying WITH) and SQLite in two: the same
// rows, the same balance, the same floor on both.

describe.each(testDialects())('ledger writes on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(async () => database?.cleanup());

  async function userWith(credits: number): Promise<string> {
    database = await freshDatabase(dialect);
    const { id } = await newUserRow(database.db);
    await appendEntry(database.db, { userId: id, kind: 'adjust', change: { credits }, reason: 'test' });
    return id;
  }

  const entriesOf = (userId: string) =>
    database.db
      .selectFrom('ledger_entries')
      .select(['id', 'kind', 'credits', 'gpt3_uses', 'reason', 'ref_id', 'unique_key'])
      .where('user_id', '=', userId)
      .where('kind', '!=', 'adjust')
      .execute();

  it('appendEntryLocking answers the balance after the entry, and nothing for a key used already', async () => {
    const userId = await userWith(1000);
    const entry = {
      userId,
      kind: 'settle' as const,
      change: { credits: 250, gpt3Uses: 2 },
      reason: 'r',
      uniqueKey: 'settle:h1',
    };
    expect(await appendEntryLocking(database.db, entry)).toEqual({ credits: 1250, gpt3Uses: 2, gpt4Uses: 0 });
    expect(await appendEntryLocking(database.db, entry)).toBeUndefined();
    expect(await readBalance(database.db, userId)).toEqual({ credits: 1250, gpt3Uses: 2, gpt4Uses: 0 });
    expect(await ledgerSums(database.db, userId)).toEqual(await readBalance(database.db, userId));
    // In a transaction too, and its first entry makes a user's balance row.
    const { id: newcomer } = await newUserRow(database.db);
    const after = await withTransaction(database.db, (trx) =>
      appendEntryLocking(trx, { userId: newcomer, kind: 'gift', change: { credits: 7 }, reason: 'g' }),
    );
    expect(after).toEqual({ credits: 7, gpt3Uses: 0, gpt4Uses: 0 });
  });

  it('takeWithEntry takes and writes its entry only when the balance stays at or above zero', async () => {
    const userId = await userWith(1000);
    const hold = (id: string, cost: number) =>
      takeWithEntry(database.db, userId, 'credits', cost, {
        id,
        userId,
        kind: 'hold',
        reason: `hold ${id}`,
        refId: id === 'h1' ? 'm1' : null,
        change: { credits: -cost },
      });
    expect(await hold('h1', 600)).toBe(true);
    expect(await hold('h2', 600)).toBe(false);
    expect(await hold('h3', 400)).toBe(true);
    expect(await readBalance(database.db, userId)).toEqual({ credits: 0, gpt3Uses: 0, gpt4Uses: 0 });
    const rows = (await entriesOf(userId)).map((e) => ({ ...e, credits: Number(e.credits) }));
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      {
        id: 'h1',
        kind: 'hold',
        credits: -600,
        gpt3_uses: 0,
        reason: 'hold h1',
        ref_id: 'm1',
        unique_key: null,
      },
      {
        id: 'h3',
        kind: 'hold',
        credits: -400,
        gpt3_uses: 0,
        reason: 'hold h3',
        ref_id: null,
        unique_key: null,
      },
    ]);
    expect(await ledgerSums(database.db, userId)).toEqual(await readBalance(database.db, userId));
  });

  it('parallel takes never pass the floor, and each taken one has its entry', async () => {
    const userId = await userWith(1000);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        takeWithEntry(database.db, userId, 'credits', 300, {
          userId,
          kind: 'hold',
          reason: `parallel ${i}`,
          change: { credits: -300 },
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(await entriesOf(userId)).toHaveLength(3);
    expect((await readBalance(database.db, userId)).credits).toBe(100);
    expect(await ledgerSums(database.db, userId)).toEqual(await readBalance(database.db, userId));
  });
});
