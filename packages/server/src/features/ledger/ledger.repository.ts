import { randomUUID } from 'node:crypto';
import type { ModelClass } from '@parley/shared';
import { sql, type QueryCreator } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { isPostgres, withTransaction } from '../../db/dialect-helpers';
import { nowIso } from '../../lib/clock';

/** Credits (units, 100000 = 1 credit) and free uses of each family: a balance, or a change of one. */
export interface Amounts {
  credits: number;
  gpt3Uses: number;
  gpt4Uses: number;
}

export const ZERO: Amounts = Object.freeze({ credits: 0, gpt3Uses: 0, gpt4Uses: 0 });

/** `admin`: an operator's action that moves no money (a ban), kept in the books with who and why. */
export type LedgerKind = 'gift' | 'hold' | 'settle' | 'daily' | 'adjust' | 'purchase' | 'refund' | 'admin';

export interface NewEntry {
  userId: string;
  kind: LedgerKind;
  change: Partial<Amounts>;
  reason: string;
  refId?: string | null;
  /** Entries that must happen once carry a key; a second entry with it is refused (answered false). */
  uniqueKey?: string | null;
  /** A chosen id (a hold's, which its settlement names). */
  id?: string;
  /** A call's settlement: what the usage page reads (docs/reference/commerce.md (Usage)). */
  call?: CallUsage;
}

/** What one charged call was: its model and class, tokens and whole cost (credits in units, free uses spent). */
export interface CallUsage {
  model: string;
  /** The class it was charged in, as the rules said at the call. */
  modelClass: ModelClass;
  promptTokens: number;
  completionTokens: number;
  credits: number;
  gpt3Uses: number;
  gpt4Uses: number;
}

const full = (change: Partial<Amounts>): Amounts => ({ ...ZERO, ...change });

/**
 * Appends one entry and adds its change to the user's cached balance, in one transaction (the caller's when it
 * has one). The entry is written first: a key already used makes it a no-op, answered false.
 */
export async function appendEntry(db: Db, entry: NewEntry): Promise<boolean> {
  return (await appendEntryLocking(db, entry)) !== undefined;
}

/**
 * appendEntry, answering the balance the entry left, whose row the caller's transaction now holds locked: what a
 * write after it in that transaction can decide on without reading it again. Undefined when the key was used.
 * On PostgreSQL the entry and its balance change are one statement (the entry in a data-modifying WITH), so a
 * settlement between two calls of a reply costs one round trip, not two; SQLite, in the process, writes them in turn.
 */
export async function appendEntryLocking(db: Db, entry: NewEntry): Promise<Amounts | undefined> {
  if (isPostgres(db)) {
    const now = nowIso();
    const row = await db
      .with('entry', (qc) =>
        entryInsert(qc, entry, now).returning(['user_id', 'credits', 'gpt3_uses', 'gpt4_uses']),
      )
      .insertInto('balances')
      .columns(['user_id', 'credits', 'gpt3_uses', 'gpt4_uses', 'updated_at'])
      .expression((eb) =>
        eb
          .selectFrom('entry')
          .select([
            'entry.user_id',
            'entry.credits',
            'entry.gpt3_uses',
            'entry.gpt4_uses',
            sql<string>`${now}::text`.as('updated_at'),
          ]),
      )
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          credits: sql`balances.credits + excluded.credits`,
          gpt3_uses: sql`balances.gpt3_uses + excluded.gpt3_uses`,
          gpt4_uses: sql`balances.gpt4_uses + excluded.gpt4_uses`,
          updated_at: now,
        }),
      )
      .returning(['credits', 'gpt3_uses as gpt3', 'gpt4_uses as gpt4'])
      .executeTakeFirst();
    return row ? toAmounts(row) : undefined;
  }
  return withTransaction(db, async (trx) => {
    if (!(await insertEntry(trx, entry))) return undefined;
    return addToBalance(trx, entry.userId, full(entry.change), nowIso());
  });
}

/** The INSERT of one entry, not yet run; an entry whose unique key was used already inserts nothing. */
function entryInsert(db: QueryCreator<Database>, entry: NewEntry, now: string) {
  const change = full(entry.change);
  return db
    .insertInto('ledger_entries')
    .values({
      id: entry.id ?? randomUUID(),
      user_id: entry.userId,
      kind: entry.kind,
      credits: change.credits,
      gpt3_uses: change.gpt3Uses,
      gpt4_uses: change.gpt4Uses,
      reason: entry.reason,
      ref_id: entry.refId ?? null,
      unique_key: entry.uniqueKey ?? null,
      created_at: now,
      ...(entry.call
        ? {
            model: entry.call.model,
            prompt_tokens: entry.call.promptTokens,
            completion_tokens: entry.call.completionTokens,
            call_credits: entry.call.credits,
            call_gpt3_uses: entry.call.gpt3Uses,
            call_gpt4_uses: entry.call.gpt4Uses,
            call_class: entry.call.modelClass,
          }
        : {}),
    })
    .onConflict((oc) => oc.column('unique_key').doNothing());
}

/**
 * Writes the entry alone, for a caller that changed the cached balance itself in the same transaction (a hold's
 * conditional take). False when its unique key was already used.
 */
export async function insertEntry(trx: Db, entry: NewEntry): Promise<boolean> {
  const inserted = await entryInsert(trx, entry, nowIso()).returning('id').executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Takes `amount` from one column as takeIfEnough does and, only if it was taken, writes `entry` (a hold, which
 * carries no unique key) for it. In the caller's transaction on SQLite; on PostgreSQL one statement, the take in a
 * data-modifying WITH, so a hold costs one round trip, not two. Answers whether it was taken.
 */
export async function takeWithEntry(
  trx: Db,
  userId: string,
  column: 'credits' | 'gpt3_uses' | 'gpt4_uses',
  amount: number,
  entry: Omit<NewEntry, 'uniqueKey' | 'call'>,
): Promise<boolean> {
  if (!isPostgres(trx)) {
    return withTransaction(trx, async (inner) => {
      if (!(await takeIfEnough(inner, userId, column, amount))) return false;
      await insertEntry(inner, entry);
      return true;
    });
  }
  const now = nowIso();
  const change = full(entry.change);
  // Values in a SELECT list have no column to take their type from: each is cast to its column's.
  const inserted = await trx
    .with('taken', (qc) =>
      qc
        .updateTable('balances')
        .set({ [column]: sql`${sql.ref(column)} - ${amount}`, updated_at: now })
        .where('user_id', '=', userId)
        .where(column, '>=', amount)
        .returning('user_id'),
    )
    .insertInto('ledger_entries')
    .columns(['id', 'user_id', 'kind', 'credits', 'gpt3_uses', 'gpt4_uses', 'reason', 'ref_id', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('taken')
        .select([
          sql<string>`${entry.id ?? randomUUID()}::text`.as('id'),
          'taken.user_id',
          sql<string>`${entry.kind}::text`.as('kind'),
          sql<number>`${change.credits}::bigint`.as('credits'),
          sql<number>`${change.gpt3Uses}::integer`.as('gpt3_uses'),
          sql<number>`${change.gpt4Uses}::integer`.as('gpt4_uses'),
          sql<string>`${entry.reason}::text`.as('reason'),
          sql<string | null>`${entry.refId ?? null}::text`.as('ref_id'),
          sql<string>`${now}::text`.as('created_at'),
        ]),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Adds a change to the cached balance, making the row on a user's first entry; answers the balance after it. */
async function addToBalance(trx: Db, userId: string, change: Amounts, now: string): Promise<Amounts> {
  const row = await trx
    .insertInto('balances')
    .values({
      user_id: userId,
      credits: change.credits,
      gpt3_uses: change.gpt3Uses,
      gpt4_uses: change.gpt4Uses,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        credits: sql`balances.credits + ${change.credits}`,
        gpt3_uses: sql`balances.gpt3_uses + ${change.gpt3Uses}`,
        gpt4_uses: sql`balances.gpt4_uses + ${change.gpt4Uses}`,
        updated_at: now,
      }),
    )
    .returning(['credits', 'gpt3_uses as gpt3', 'gpt4_uses as gpt4'])
    .executeTakeFirstOrThrow();
  return toAmounts(row);
}

const toAmounts = (row: {
  credits: number | string | null;
  gpt3: number | string | null;
  gpt4: number | string | null;
}): Amounts => ({
  credits: Number(row.credits ?? 0),
  gpt3Uses: Number(row.gpt3 ?? 0),
  gpt4Uses: Number(row.gpt4 ?? 0),
});

/** The cached balance; zero for a user with no entry yet. */
export async function readBalance(db: Db, userId: string): Promise<Amounts> {
  const row = await db
    .selectFrom('balances')
    .select(['credits', 'gpt3_uses as gpt3', 'gpt4_uses as gpt4'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toAmounts(row) : { ...ZERO };
}

/** The ledger's own sums for a user: what the cached balance must equal. */
export async function ledgerSums(db: Db, userId: string): Promise<Amounts> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => [
      eb.fn.sum<number | string | null>('credits').as('credits'),
      eb.fn.sum<number | string | null>('gpt3_uses').as('gpt3'),
      eb.fn.sum<number | string | null>('gpt4_uses').as('gpt4'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return toAmounts(row);
}

/**
 * Takes `amount` from one column of the cached balance only if it stays at or above zero: one conditional UPDATE,
 * which both databases apply atomically per row (SQLite has one writer; PostgreSQL re-checks the condition on the
 * row it locked), so parallel takes can never pass the floor. Answers whether it was taken.
 */
export async function takeIfEnough(
  trx: Db,
  userId: string,
  column: 'credits' | 'gpt3_uses' | 'gpt4_uses',
  amount: number,
): Promise<boolean> {
  const taken = await trx
    .updateTable('balances')
    .set({ [column]: sql`${sql.ref(column)} - ${amount}`, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where(column, '>=', amount)
    .returning('user_id')
    .executeTakeFirst();
  return taken !== undefined;
}

/**
 * Locks a user's balance row for the rest of the transaction (a write that changes nothing but the time) and
 * answers it, when `where` holds; undefined otherwise. A write first, so SQLite takes its write lock at once.
 */
export async function lockBalance(
  trx: Db,
  userId: string,
  onlyNegative: boolean,
): Promise<Amounts | undefined> {
  let query = trx.updateTable('balances').set({ updated_at: nowIso() }).where('user_id', '=', userId);
  if (onlyNegative) query = query.where('credits', '<', 0);
  const row = await query.returning(['credits', 'gpt3_uses as gpt3', 'gpt4_uses as gpt4']).executeTakeFirst();
  return row ? toAmounts(row) : undefined;
}

/**
 * Locks a user's balance row for the rest of the transaction, making it (at zero) when the user has none: one upsert
 * that changes nothing but the time. What serialises a user's card activations (commerce/order-paid.ts), whose reads
 * of the running cards PostgreSQL would otherwise let two transactions make at once.
 */
export async function lockUserBalance(trx: Db, userId: string): Promise<void> {
  await addToBalance(trx, userId, ZERO, nowIso());
}

/** Users whose credits are below zero (the daily restore's list), a page at a time in id order. */
export async function negativeBalanceUsers(db: Db, after: string | null, limit: number): Promise<string[]> {
  let query = db.selectFrom('balances').select('user_id').where('credits', '<', 0);
  if (after !== null) query = query.where('user_id', '>', after);
  const rows = await query.orderBy('user_id').limit(limit).execute();
  return rows.map((r) => r.user_id);
}
