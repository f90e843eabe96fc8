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
  // Another test file's schema dropped while the migrator lists every schema is tried again (migrate.ts).
  await migrateToLatest(handle);
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
