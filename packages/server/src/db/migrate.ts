import { sql } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import type { DatabaseHandle, Db } from './database';
import { migrations } from './migrations/index';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws (and applies nothing more) on the first failure. */
export async function migrateToLatest({
  db,
  dialect,
}: Pick<DatabaseHandle, 'db' | 'dialect'>): Promise<string[]> {
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
