import { Kysely, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import { createRequire } from 'node:module';
import type { Database } from './schema';
import { prepareSqliteFile } from './sqlite-file';
import { cacheStatements } from './sqlite-statement-cache';

export type DialectName = 'sqlite' | 'postgres';

// Only the driver of the database in use is loaded (pg alone is about 15 MB of memory); both are CommonJS, so a
// synchronous require keeps openDatabase synchronous.
const load = createRequire(import.meta.url);
const pgDriver = () => load('pg') as typeof pg;
const sqliteDriver = () => load('better-sqlite3') as typeof SqliteDatabase;

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  destroy(): Promise<void>;
}

export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//.test(url);

export interface OpenOptions {
  /** PostgreSQL only: run every connection in this schema (tests use one fresh schema each). */
  searchPath?: string;
}

/** Opens the database named by `url`: PostgreSQL for a postgres:// URL, else a SQLite file (WAL, foreign keys on). */
export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  const dialect: DialectName = isPostgresUrl(url) ? 'postgres' : 'sqlite';
  const db = new Kysely<Database>({ dialect: makeDialect(dialect, url, options) });
  return { db, dialect, destroy: () => db.destroy() };
}

/** How long a query waits for a connection to PostgreSQL before failing. */
export const PG_CONNECT_TIMEOUT_MS = 5_000;

/**
 * A restart or failover ends every connection ("terminating connection due to administrator command"). pg
 * reports that as an `error` event, on the pool for idle clients and on the client itself for one that is
 * checked out between queries; with no listener Node would throw and end the process. The broken client is
 * dropped from the pool (it is no longer queryable), the next query opens a new connection, and queries in
 * flight fail with an error the error handler answers as 503.
 */
function keepPoolAlive(pool: pg.Pool): void {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

function makeDialect(dialect: DialectName, url: string, options: OpenOptions): Dialect {
  if (dialect === 'postgres') {
    const driver = pgDriver();
    const pool = new driver.Pool({
      connectionString: url,
      max: 10,
      // While the server is unreachable a request fails (503) after PG_CONNECT_TIMEOUT_MS instead of waiting
      // forever: the timeout is the client's own connect timeout, not the pool's. The pool's
      // `connectionTimeoutMillis` also bounds the wait for a pooled connection, so 1,000 sends arriving at once
      // failed with 503 after 5 s in the queue behind 10 connections, with PostgreSQL up and answering.
      Client: class extends driver.Client {
        constructor(config?: pg.ClientConfig) {
          super({ ...config, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
        }
      },
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    keepPoolAlive(pool);
    return new PostgresDialect({ pool });
  }
  if (url !== ':memory:') prepareSqliteFile(url);
  const sqlite = new (sqliteDriver())(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  cacheStatements(sqlite);
  return new SqliteDialect({ database: sqlite });
}
