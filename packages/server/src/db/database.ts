import { Kysely, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';
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

function makeDialect(dialect: DialectName, url: string, options: OpenOptions): Dialect {
  if (dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    return new PostgresDialect({ pool });
  }
  if (url !== ':memory:') mkdirSync(dirname(url), { recursive: true });
  const sqlite = new SqliteDatabase(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new SqliteDialect({ database: sqlite });
}
