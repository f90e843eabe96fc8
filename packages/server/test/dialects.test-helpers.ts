import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DialectName } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

/**
 * The databases tests loop over: SQLite always, PostgreSQL when TEST_DATABASE_URL is set
 * (docs/architecture.md (Tests)). Use with `describe.each(testDialects())('… on %s', (dialect) => { … })`.
 */
export function testDialects(): DialectName[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase extends DatabaseHandle {
  /** Drops what was made for this test (the SQLite file, or the PostgreSQL schema). */
  cleanup(): Promise<void>;
  /** A second, independent connection to the same database (what another server process would open). */
  reopen(): DatabaseHandle;
}

/** A fresh, migrated database: a new SQLite file, or a new PostgreSQL schema with its own search_path. */
export async function freshDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'parley-test-'));
    const file = join(dir, 'test.db');
    const handle = openDatabase(file);
    await migrateToLatest(handle);
    return {
      ...handle,
      reopen: () => openDatabase(file),
      cleanup: async () => {
        await handle.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = openDatabase(url, { searchPath: schema });
  await migrateAlongsideOthers(handle);
  return {
    ...handle,
    reopen: () => openDatabase(url, { searchPath: schema }),
    cleanup: async () => {
      await handle.destroy();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  };
}

/**
 * What a sibling's schema dropped or made mid-listing makes the listing fail with: "schema does not exist" (3F000),
 * "relation does not exist" (42P01) and "column does not exist" (42703, a table's columns read while another
 * file's migration or cleanup changes them).
 */
const SIBLING_RACE = new Set(['3F000', '42P01', '42703']);

/**
 * Migrates one test's schema while other test files create and drop theirs in the same database. The migrator first
 * lists the tables of every schema (to find its own bookkeeping table), and a sibling's schema dropped in the middle
 * of that listing fails it (SIBLING_RACE). That race belongs to the shared test database alone (a
 * server owns its database), so the listing is simply tried again.
 */
async function migrateAlongsideOthers(handle: DatabaseHandle): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await migrateToLatest(handle);
      return;
    } catch (error) {
      if (attempt >= 5 || !SIBLING_RACE.has((error as { code?: string }).code ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
