import { sql } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import type { DatabaseHandle, Db } from './database';
import { migrations } from './migrations/index';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * What another schema of the same database, dropped or changed while the migrator lists every schema's tables (to
 * find its bookkeeping table), makes that listing fail with: "schema does not exist" (3F000), "relation does not
 * exist" (42P01), "column does not exist" (42703). It names the other schema, not ours.
 */
const SIBLING_RACE = new Set(['3F000', '42P01', '42703']);
const ATTEMPTS = 5;

/**
 * Applies every pending migration; throws (and applies nothing more) on the first failure. On PostgreSQL a listing
 * that failed because another schema of the database changed under it is tried again (up to 5 times): a database
 * shared with other deployments, or with other test files, must not stop a server at its start. Pending migrations
 * run in one transaction there, so a failed attempt leaves nothing behind.
 */
export function migrateToLatest(handle: Pick<DatabaseHandle, 'db' | 'dialect'>): Promise<string[]> {
  return againWhileSiblingsChange(handle.dialect, () => migrateOnce(handle));
}

/** Runs `work`, again (after 50, 100, … ms) while it fails with a sibling schema's race on PostgreSQL. */
export async function againWhileSiblingsChange<T>(
  dialect: DatabaseHandle['dialect'],
  work: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const race = dialect === 'postgres' && typeof code === 'string' && SIBLING_RACE.has(code);
      if (!race || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

async function migrateOnce({ db, dialect }: Pick<DatabaseHandle, 'db' | 'dialect'>): Promise<string[]> {
  // On PostgreSQL, Kysely otherwise looks for its bookkeeping tables in every schema of the database, so a
  // second schema (another deployment, or a parallel test) could make it skip creating them in ours.
  const schema = dialect === 'postgres' ? await currentSchema(db) : undefined;
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

async function currentSchema(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}
