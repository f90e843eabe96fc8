import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';

/** True when `db` (or a transaction of it) talks to PostgreSQL; repositories branch on it only for DDL-level features. */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Runs `fn` in a transaction, joining the caller's when `db` already is one (Kysely cannot nest them). */
export function withTransaction<DB, T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute((trx: Transaction<DB>) => fn(trx));
}
