import type SqliteDatabase from 'better-sqlite3';

/** Distinct SQL texts kept; the app issues a few hundred, so this only bounds an odd client of the same file. */
const MAX_STATEMENTS = 1_000;

/**
 * Makes `prepare` answer a cached statement for SQL it has seen. Kysely prepares every query it runs, and a busy
 * server repeats the same few statements (partial saves, message inserts, session lookups) thousands of times a
 * second: preparing was a tenth of the CPU in a profile of 400 concurrent replies. Safe because Kysely runs a
 * statement to completion at once (`all`/`run`); a statement still iterating (`iterate`) is busy, so such a
 * caller gets a fresh one.
 */
export function cacheStatements(database: SqliteDatabase.Database): void {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SqliteDatabase.Statement>();
  database.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) return cached;
    const statement = prepare(source);
    if (!cached) {
      if (cache.size >= MAX_STATEMENTS) cache.clear();
      cache.set(source, statement);
    }
    return statement;
  }) as typeof database.prepare;
}
