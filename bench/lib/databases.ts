import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DialectName } from '../../packages/server/src/db/database';
import { migrateToLatest } from '../../packages/server/src/db/migrate';

// BENCH_DIALECTS=postgres (or sqlite) runs one database only.
export const DIALECTS: DialectName[] = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres')
  .split(',')
  .map((d) => d.trim())
  .filter((d): d is DialectName => d === 'sqlite' || d === 'postgres');

/** The PostgreSQL server the benches use; each run works in a schema of its own and drops it afterwards. */
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** BENCH_KEEP=1 keeps the seeded search schema on PostgreSQL for the next run. */
export const KEEP = process.env.BENCH_KEEP === '1';

export async function pgAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A migrated database for one bench: a new SQLite file in a temp folder, or a new PostgreSQL schema. */
export interface BenchDatabase extends DatabaseHandle {
  /** The SQLite file, or the PostgreSQL schema. */
  where: string;
  /** Closes it and removes what was made (the temp folder, or DROP SCHEMA … CASCADE). */
  cleanup(): Promise<void>;
}

export async function freshBenchDatabase(dialect: DialectName, label: string): Promise<BenchDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `parley-bench-${label}-`));
    const file = join(dir, 'bench.db');
    const handle = openDatabase(file);
    await migrateToLatest(handle);
    return {
      ...handle,
      where: file,
      cleanup: async () => {
        await handle.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `bench_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  await pgAdmin((c) => c.query(`CREATE SCHEMA ${schema}`));
  const handle = openDatabase(PG_URL, { searchPath: schema });
  try {
    await migrateToLatest(handle);
  } catch (error) {
    await handle.destroy();
    await dropSchema(schema);
    throw error;
  }
  return {
    ...handle,
    where: schema,
    cleanup: async () => {
      await handle.destroy();
      await dropSchema(schema);
    },
  };
}

export async function dropSchema(schema: string): Promise<void> {
  if (!/^bench_\w+$/.test(schema)) throw new Error(`refusing to drop schema ${schema}: not a bench schema`);
  await pgAdmin((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
}
